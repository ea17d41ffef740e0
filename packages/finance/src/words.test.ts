import { describe, expect, it } from 'vitest';
import { seeded } from './test/random.js';
import { MAX_AMOUNT_IN_WORDS, amountInWords, integerInWords } from './words.js';

const KNOWN: readonly (readonly [string, string, string])[] = [
  ['0', 'Zero Egyptian pounds', 'صفر جنيه مصري'],
  ['0.01', 'One piastre', 'قرش واحد'],
  ['0.02', 'Two piastres', 'قرشان'],
  ['0.05', 'Five piastres', 'خمسة قروش'],
  ['0.50', 'Fifty piastres', 'خمسون قرشًا'],
  ['1', 'One Egyptian pound', 'جنيه مصري واحد'],
  ['2', 'Two Egyptian pounds', 'جنيهان مصريان'],
  ['3', 'Three Egyptian pounds', 'ثلاثة جنيهات مصرية'],
  ['10', 'Ten Egyptian pounds', 'عشرة جنيهات مصرية'],
  ['11', 'Eleven Egyptian pounds', 'أحد عشر جنيهًا مصريًا'],
  ['12', 'Twelve Egyptian pounds', 'اثنا عشر جنيهًا مصريًا'],
  ['15', 'Fifteen Egyptian pounds', 'خمسة عشر جنيهًا مصريًا'],
  ['20', 'Twenty Egyptian pounds', 'عشرون جنيهًا مصريًا'],
  ['21', 'Twenty-one Egyptian pounds', 'واحد وعشرون جنيهًا مصريًا'],
  ['99', 'Ninety-nine Egyptian pounds', 'تسعة وتسعون جنيهًا مصريًا'],
  ['100', 'One hundred Egyptian pounds', 'مائة جنيه مصري'],
  ['101', 'One hundred one Egyptian pounds', 'مائة وواحد جنيه مصري'],
  ['105', 'One hundred five Egyptian pounds', 'مائة وخمسة جنيهات مصرية'],
  ['200', 'Two hundred Egyptian pounds', 'مائتا جنيه مصري'],
  ['250', 'Two hundred fifty Egyptian pounds', 'مائتان وخمسون جنيهًا مصريًا'],
  ['300', 'Three hundred Egyptian pounds', 'ثلاثمائة جنيه مصري'],
  ['1000', 'One thousand Egyptian pounds', 'ألف جنيه مصري'],
  ['1001', 'One thousand one Egyptian pounds', 'ألف وواحد جنيه مصري'],
  ['1200', 'One thousand two hundred Egyptian pounds', 'ألف ومائتا جنيه مصري'],
  ['2000', 'Two thousand Egyptian pounds', 'ألفا جنيه مصري'],
  ['2500', 'Two thousand five hundred Egyptian pounds', 'ألفان وخمسمائة جنيه مصري'],
  ['3000', 'Three thousand Egyptian pounds', 'ثلاثة آلاف جنيه مصري'],
  ['10000', 'Ten thousand Egyptian pounds', 'عشرة آلاف جنيه مصري'],
  ['11000', 'Eleven thousand Egyptian pounds', 'أحد عشر ألف جنيه مصري'],
  ['11500', 'Eleven thousand five hundred Egyptian pounds', 'أحد عشر ألفًا وخمسمائة جنيه مصري'],
  ['100000', 'One hundred thousand Egyptian pounds', 'مائة ألف جنيه مصري'],
  ['103000', 'One hundred three thousand Egyptian pounds', 'مائة وثلاثة آلاف جنيه مصري'],
  ['146000.50', 'One hundred forty-six thousand Egyptian pounds and fifty piastres', 'مائة وستة وأربعون ألف جنيه مصري وخمسون قرشًا'],
  ['200000', 'Two hundred thousand Egyptian pounds', 'مائتا ألف جنيه مصري'],
  ['1000000', 'One million Egyptian pounds', 'مليون جنيه مصري'],
  ['2000000', 'Two million Egyptian pounds', 'مليونا جنيه مصري'],
  ['2500000.25', 'Two million five hundred thousand Egyptian pounds and twenty-five piastres', 'مليونان وخمسمائة ألف جنيه مصري وخمسة وعشرون قرشًا'],
  ['3000000.01', 'Three million Egyptian pounds and one piastre', 'ثلاثة ملايين جنيه مصري وقرش واحد'],
  ['1002000', 'One million two thousand Egyptian pounds', 'مليون وألفا جنيه مصري'],
  ['12345678.90', 'Twelve million three hundred forty-five thousand six hundred seventy-eight Egyptian pounds and ninety piastres', 'اثنا عشر مليونًا وثلاثمائة وخمسة وأربعون ألفًا وستمائة وثمانية وسبعون جنيهًا مصريًا وتسعون قرشًا'],
  ['1000000000', 'One billion Egyptian pounds', 'مليار جنيه مصري'],
  [
    '999999999999.99',
    'Nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine Egyptian pounds and ninety-nine piastres',
    'تسعمائة وتسعة وتسعون مليارًا وتسعمائة وتسعة وتسعون مليونًا وتسعمائة وتسعة وتسعون ألفًا وتسعمائة وتسعة وتسعون جنيهًا مصريًا وتسعة وتسعون قرشًا',
  ],
];

describe('amountInWords', () => {
  it.each(KNOWN)('%s', (amount, english, arabic) => {
    expect(amountInWords(amount, { lang: 'en', currency: 'EGP' })).toBe(english);
    expect(amountInWords(amount, { lang: 'ar', currency: 'EGP' })).toBe(arabic);
  });

  it('reads any form of the same amount alike and defaults to EGP', () => {
    expect(amountInWords('146000.5', { lang: 'en' })).toBe(amountInWords('146000.50', { lang: 'en', currency: 'EGP' }));
    expect(amountInWords(146000.5, { lang: 'ar' })).toBe('مائة وستة وأربعون ألف جنيه مصري وخمسون قرشًا');
    expect(amountInWords('0.00', { lang: 'ar' })).toBe('صفر جنيه مصري');
  });

  it('names other currencies', () => {
    expect(amountInWords('1.01', { lang: 'en', currency: 'USD' })).toBe('One US dollar and one cent');
    expect(amountInWords('25.30', { lang: 'ar', currency: 'USD' })).toBe('خمسة وعشرون دولارًا أمريكيًا وثلاثون سنتًا');
    expect(amountInWords('3.02', { lang: 'ar', currency: 'AED' })).toBe('ثلاثة دراهم إماراتية وفلسان');
    expect(amountInWords('2.50', { lang: 'en', currency: 'AED' })).toBe('Two UAE dirhams and fifty fils');
  });

  it('refuses negative amounts, fractions of a piastre and amounts past the largest', () => {
    expect(() => amountInWords('-1', { lang: 'en' })).toThrow(RangeError);
    expect(() => amountInWords('1.005', { lang: 'ar' })).toThrow(RangeError);
    expect(() => amountInWords('1000000000000000', { lang: 'en' })).toThrow(RangeError);
    expect(() => amountInWords('abc', { lang: 'en' })).toThrow(RangeError);
    expect(amountInWords(MAX_AMOUNT_IN_WORDS, { lang: 'en' })).toMatch(/^Nine hundred ninety-nine trillion .* and ninety-nine piastres$/);
  });

  it('writes English words that read back to the amount (property test)', () => {
    const random = seeded(17);
    for (let round = 0; round < 2000; round += 1) {
      const amount = random.price(99_999_999_999_999_99n);
      expect(readEnglish(amountInWords(amount, { lang: 'en' })), amount).toBe(amount);
    }
  });

  it('writes well-formed Arabic for any amount (property test)', () => {
    const random = seeded(19);
    for (let round = 0; round < 2000; round += 1) {
      const amount = random.price(99_999_999_999_999_99n);
      const words = amountInWords(amount, { lang: 'ar' });
      expect(words, amount).toMatch(/^[\u0600-\u06FF]+( [\u0600-\u06FF]+)*$/);
      expect(words, amount).not.toMatch(/وو[^ا]|undefined| و | و$/);
      expect(/جنيه|قرش|قروش/.test(words), amount).toBe(true);
      // Every group of the amount shows up once as a scale word, in one of its forms.
      const whole = amount.split('.')[0]!.padStart(15, '0');
      const scales: [number, RegExp][] = [[0, /تريليون/], [3, /مليار/], [6, /مليون|ملايين/], [9, /ألف|آلاف/]];
      for (const [start, word] of scales) {
        const count = Number(whole.slice(start, start + 3));
        expect(word.test(words), `${amount} ${words}`).toBe(count > 0);
      }
    }
  });
});

describe('integerInWords', () => {
  it('writes standalone numbers', () => {
    expect(integerInWords(0, 'en')).toBe('zero');
    expect(integerInWords(12, 'en')).toBe('twelve');
    expect(integerInWords(2000n, 'en')).toBe('two thousand');
    expect(integerInWords(2, 'ar')).toBe('اثنان');
    expect(integerInWords(200, 'ar')).toBe('مائتان');
    expect(integerInWords(2000, 'ar')).toBe('ألفان');
    expect(integerInWords(11000, 'ar')).toBe('أحد عشر ألفًا');
    expect(integerInWords('36', 'ar')).toBe('ستة وثلاثون');
    expect(() => integerInWords(-1, 'en')).toThrow(RangeError);
    expect(() => integerInWords(1.5, 'ar')).toThrow(RangeError);
  });
});

/** Reads the English words back into an amount, as a check that nothing is lost or doubled. */
function readEnglish(words: string): string {
  const units: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
  const scales: Record<string, bigint> = { thousand: 1000n, million: 1_000_000n, billion: 1_000_000_000n, trillion: 1_000_000_000_000n };
  const read = (text: string): bigint => {
    let total = 0n;
    let group = 0n;
    for (const token of text.toLowerCase().split(/[\s-]+/).filter(Boolean)) {
      if (token in units) group += BigInt(units[token]!);
      else if (token === 'hundred') group *= 100n;
      else if (token in scales) {
        total += group * scales[token]!;
        group = 0n;
      } else throw new Error(`Unknown word ${token} in ${words}`);
    }
    return total + group;
  };
  const match = /^(.*?) Egyptian pounds?(?: and (.*) piastres?)?$/i.exec(words) ?? /^()(.*) piastres?$/i.exec(words);
  if (!match) throw new Error(`Cannot read ${words}`);
  const whole = match[1] ? read(match[1]) : 0n;
  const fraction = match[2] ? read(match[2]) : 0n;
  return `${whole}.${String(fraction).padStart(2, '0')}`;
}
