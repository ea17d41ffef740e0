import { z } from 'zod';

/** The sounds of spec section 9; pleasant is the default. */
export const SOUND_NAMES = ['pleasant', 'ding', 'pop', 'chime', 'alert', 'ping'] as const;
export type SoundName = (typeof SOUND_NAMES)[number];
export const DEFAULT_SOUND: SoundName = 'pleasant';

/** Browser storage items of the sound choice (device settings, kept across logins). */
export const SOUND_STORAGE_KEYS = {
  sound: 'notification-sound',
  enabled: 'notification-sound-enabled',
} as const;

const soundNameSchema = z.enum(SOUND_NAMES);

type Tone = {
  frequency: number;
  /** Optional glide target, reached at the end of the tone. */
  endFrequency?: number;
  type: OscillatorType;
  /** Seconds after the sound starts. */
  start: number;
  duration: number;
  peak: number;
};

/** Each sound is a few oscillators with an attack/decay envelope; no audio files. */
export const SOUND_TONES: Record<SoundName, readonly Tone[]> = {
  pleasant: [
    { frequency: 523.25, type: 'sine', start: 0, duration: 0.35, peak: 0.18 },
    { frequency: 659.25, type: 'sine', start: 0.12, duration: 0.4, peak: 0.15 },
    { frequency: 783.99, type: 'sine', start: 0.24, duration: 0.5, peak: 0.12 },
  ],
  ding: [{ frequency: 1046.5, type: 'sine', start: 0, duration: 0.6, peak: 0.2 }],
  pop: [{ frequency: 400, endFrequency: 900, type: 'triangle', start: 0, duration: 0.09, peak: 0.25 }],
  chime: [
    { frequency: 880, type: 'sine', start: 0, duration: 0.8, peak: 0.14 },
    { frequency: 1318.51, type: 'sine', start: 0, duration: 0.6, peak: 0.08 },
    { frequency: 1760, type: 'sine', start: 0.15, duration: 0.7, peak: 0.06 },
  ],
  alert: [
    { frequency: 880, type: 'square', start: 0, duration: 0.12, peak: 0.08 },
    { frequency: 880, type: 'square', start: 0.18, duration: 0.12, peak: 0.08 },
  ],
  ping: [{ frequency: 1567.98, endFrequency: 1396.91, type: 'sine', start: 0, duration: 0.25, peak: 0.18 }],
};

const ATTACK_S = 0.01;
const SILENT = 0.0001;

/** The part of AudioContext the player uses (tests pass a fake). */
export type AudioContextLike = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'state' | 'createOscillator' | 'createGain' | 'resume' | 'close'
>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored sound choice; anything missing or unknown reads as pleasant, enabled. */
export function readSoundSettings(storage: StorageLike | null = defaultStorage()): {
  sound: SoundName;
  enabled: boolean;
} {
  const parsed = soundNameSchema.safeParse(storage?.getItem(SOUND_STORAGE_KEYS.sound));
  return {
    sound: parsed.success ? parsed.data : DEFAULT_SOUND,
    enabled: storage?.getItem(SOUND_STORAGE_KEYS.enabled) !== 'false',
  };
}

export type SoundPlayerOptions = {
  storage?: StorageLike | null;
  /** Creates the audio context; the default uses window.AudioContext (or webkitAudioContext). */
  createAudioContext?: () => AudioContextLike | null;
  /** Where the first user interaction is listened for (default: window). */
  interactionTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
};

export type SoundPlayer = {
  getSound: () => SoundName;
  /** Chooses and stores the sound. */
  setSound: (name: SoundName) => void;
  isEnabled: () => boolean;
  setEnabled: (enabled: boolean) => void;
  /** True once the user has pressed a pointer or a key on the page. */
  isUnlocked: () => boolean;
  /** Marks the page as interacted with (the interaction listeners call it). */
  unlock: () => void;
  /** Plays the chosen sound (or `name`); false when not yet unlocked, disabled or no audio. */
  play: (name?: SoundName) => boolean;
  dispose: () => void;
};

const INTERACTION_EVENTS = ['pointerdown', 'keydown'] as const;

function defaultAudioContext(): AudioContextLike | null {
  if (typeof window === 'undefined') return null;
  const scope = globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
  const Constructor = scope.AudioContext ?? scope.webkitAudioContext;
  return Constructor ? new Constructor() : null;
}

/**
 * Synthesises the notification sounds with the Web Audio API. Browsers block audio until the user
 * interacts with the page, so nothing plays before the first pointerdown or keydown.
 */
export function createSoundPlayer(options: SoundPlayerOptions = {}): SoundPlayer {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const createContext = options.createAudioContext ?? defaultAudioContext;
  const target =
    options.interactionTarget === undefined ? (typeof window === 'undefined' ? null : window) : options.interactionTarget;
  let unlocked = false;
  let context: AudioContextLike | null = null;

  const ensureContext = (): AudioContextLike | null => {
    if (!context) {
      try {
        context = createContext();
      } catch (error) {
        console.warn('Notification sounds are unavailable: no audio context.', error);
        context = null;
      }
    }
    return context;
  };

  const removeListeners = () => {
    for (const type of INTERACTION_EVENTS) target?.removeEventListener(type, handleInteraction);
  };

  const unlock = () => {
    if (unlocked) return;
    unlocked = true;
    removeListeners();
    const audio = ensureContext();
    if (audio && audio.state === 'suspended') audio.resume().catch(() => undefined);
  };

  function handleInteraction() {
    unlock();
  }

  for (const type of INTERACTION_EVENTS) target?.addEventListener(type, handleInteraction);

  const write = (key: string, value: string) => {
    try {
      storage?.setItem(key, value);
    } catch (error) {
      console.error('Could not store the notification sound setting.', error);
    }
  };

  return {
    getSound: () => readSoundSettings(storage).sound,
    setSound: (name) => write(SOUND_STORAGE_KEYS.sound, soundNameSchema.parse(name)),
    isEnabled: () => readSoundSettings(storage).enabled,
    setEnabled: (enabled) => write(SOUND_STORAGE_KEYS.enabled, String(enabled)),
    isUnlocked: () => unlocked,
    unlock,
    play(name) {
      const settings = readSoundSettings(storage);
      if (!unlocked || !settings.enabled) return false;
      const audio = ensureContext();
      if (!audio) return false;
      try {
        const startAt = audio.currentTime;
        for (const tone of SOUND_TONES[name ?? settings.sound]) {
          const oscillator = audio.createOscillator();
          const gain = audio.createGain();
          const begin = startAt + tone.start;
          const end = begin + tone.duration;
          oscillator.type = tone.type;
          oscillator.frequency.setValueAtTime(tone.frequency, begin);
          if (tone.endFrequency) oscillator.frequency.exponentialRampToValueAtTime(tone.endFrequency, end);
          gain.gain.setValueAtTime(SILENT, begin);
          gain.gain.linearRampToValueAtTime(tone.peak, begin + ATTACK_S);
          gain.gain.exponentialRampToValueAtTime(SILENT, end);
          oscillator.connect(gain);
          gain.connect(audio.destination);
          oscillator.start(begin);
          oscillator.stop(end + 0.05);
        }
        return true;
      } catch (error) {
        console.warn('A notification sound could not be played.', error);
        return false;
      }
    },
    dispose() {
      removeListeners();
      const audio = context;
      context = null;
      audio?.close().catch(() => undefined);
    },
  };
}
