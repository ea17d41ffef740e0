// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SOUND, SOUND_NAMES, SOUND_STORAGE_KEYS, SOUND_TONES, createSoundPlayer, readSoundSettings } from './sounds.js';
import type { AudioContextLike } from './sounds.js';

/** Records what the player synthesises. */
function fakeAudioContext() {
  const oscillators: { type: string; frequencies: number[]; started: number[] }[] = [];
  const param = (values: number[] = []) => ({
    setValueAtTime: vi.fn((value: number) => values.push(value)),
    linearRampToValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
  });
  const context = {
    currentTime: 0,
    destination: {},
    state: 'suspended',
    resume: vi.fn(() => Promise.resolve()),
    close: vi.fn(() => Promise.resolve()),
    createGain: vi.fn(() => ({ gain: param(), connect: vi.fn() })),
    createOscillator: vi.fn(() => {
      const record = { type: '', frequencies: [] as number[], started: [] as number[] };
      oscillators.push(record);
      return {
        set type(value: string) {
          record.type = value;
        },
        frequency: param(record.frequencies),
        connect: vi.fn(),
        start: vi.fn((at: number) => record.started.push(at)),
        stop: vi.fn(),
      };
    }),
  };
  return { context: context as unknown as AudioContextLike, raw: context, oscillators };
}

afterEach(() => localStorage.clear());

describe('sound choice', () => {
  it('offers pleasant (default), ding, pop, chime, alert and ping', () => {
    expect(SOUND_NAMES).toEqual(['pleasant', 'ding', 'pop', 'chime', 'alert', 'ping']);
    expect(DEFAULT_SOUND).toBe('pleasant');
    for (const name of SOUND_NAMES) expect(SOUND_TONES[name].length).toBeGreaterThan(0);
  });

  it('keeps the chosen sound in localStorage and reads unknown values as pleasant', () => {
    const player = createSoundPlayer({ createAudioContext: () => null });
    expect(player.getSound()).toBe('pleasant');
    player.setSound('chime');
    expect(localStorage.getItem(SOUND_STORAGE_KEYS.sound)).toBe('chime');
    expect(SOUND_STORAGE_KEYS.sound).toBe('notification-sound');
    expect(createSoundPlayer({ createAudioContext: () => null }).getSound()).toBe('chime');
    localStorage.setItem(SOUND_STORAGE_KEYS.sound, 'trumpet');
    expect(readSoundSettings()).toEqual({ sound: 'pleasant', enabled: true });
    player.setEnabled(false);
    expect(readSoundSettings().enabled).toBe(false);
    player.dispose();
  });
});

describe('sound playback', () => {
  it('plays nothing before the first user interaction, then synthesises the chosen sound', () => {
    const audio = fakeAudioContext();
    const player = createSoundPlayer({ createAudioContext: () => audio.context });
    expect(player.isUnlocked()).toBe(false);
    expect(player.play()).toBe(false);
    expect(audio.raw.createOscillator).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pointerdown'));
    expect(player.isUnlocked()).toBe(true);
    expect(audio.raw.resume).toHaveBeenCalledTimes(1);
    expect(player.play()).toBe(true);
    expect(audio.oscillators.map((o) => o.frequencies[0])).toEqual(SOUND_TONES.pleasant.map((t) => t.frequency));

    player.setSound('ding');
    audio.oscillators.length = 0;
    player.play();
    expect(audio.oscillators).toHaveLength(1);
    expect(audio.oscillators[0]?.frequencies[0]).toBe(1046.5);
    player.dispose();
    expect(audio.raw.close).toHaveBeenCalled();
  });

  it('is unlocked by a key press too, and stays silent when disabled', () => {
    const audio = fakeAudioContext();
    const player = createSoundPlayer({ createAudioContext: () => audio.context });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(player.isUnlocked()).toBe(true);
    player.setEnabled(false);
    expect(player.play()).toBe(false);
    expect(audio.oscillators).toHaveLength(0);
    player.dispose();
  });

  it('stops listening for interactions after dispose', () => {
    const player = createSoundPlayer({ createAudioContext: () => null });
    player.dispose();
    window.dispatchEvent(new Event('pointerdown'));
    expect(player.isUnlocked()).toBe(false);
  });
});
