import { describe, expect, it } from 'vitest';
import { scoreNames, weakAliasScore } from '@/lib/services/aml/matcher/name-score';
import { prepareTokens } from '@/lib/services/aml/matcher/normalize';
import { abjadSkeleton, phoneticKey, tokenSimilarity, typoEdits } from '@/lib/services/aml/matcher/similarity';

const names = (subject: string, entry: string, group: 'PERSON' | 'ORGANIZATION' = 'PERSON') => scoreNames(prepareTokens(subject, group), prepareTokens(entry, group), group);

describe('tokenSimilarity', () => {
  it('is 1 for equal tokens and symmetric', () => {
    expect(tokenSimilarity('doe', 'doe')).toBe(1);
    for (const [a, b] of [
      ['jonh', 'john'],
      ['*mhmd', 'mohammed'],
      ['alrashid', 'rashid'],
      ['j', 'john'],
      ['sunrise', 'sunset'],
    ] as const) {
      expect(tokenSimilarity(a, b)).toBeCloseTo(tokenSimilarity(b, a), 12);
    }
  });

  it('initials: 0.85 for the initial of the token, 0 otherwise', () => {
    expect(tokenSimilarity('j', 'john')).toBe(0.85);
    expect(tokenSimilarity('j', 'peter')).toBe(0);
    expect(tokenSimilarity('j', 'k')).toBe(0);
  });

  it('typos: one edit from 4 letters and two from 8 are raised to 0.90 / 0.87; short names are not', () => {
    expect(typoEdits(4, 4)).toBe(1);
    expect(typoEdits(3, 3)).toBe(0);
    expect(typoEdits(8, 7)).toBe(2);
    expect(typoEdits(8, 8, true)).toBe(1);
    expect(tokenSimilarity('jonh', 'john')).toBeGreaterThanOrEqual(0.9);
    expect(tokenSimilarity('jon', 'john')).toBe(0.9);
    expect(tokenSimilarity('kuznetzov', 'kuznetsov')).toBeGreaterThanOrEqual(0.9);
    expect(tokenSimilarity('lei', 'fei')).toBeLessThan(0.75);
    expect(tokenSimilarity('wei', 'wen')).toBeLessThan(0.8);
    // organizations: dictionary words, two letters make another word
    expect(tokenSimilarity('northern', 'southern', false)).toBeLessThan(0.85);
    expect(tokenSimilarity('northern', 'southern', true)).toBe(0.87);
  });

  it('transliteration variants: the table, the phonetic key, the Arabic skeleton', () => {
    expect(tokenSimilarity('mohammed', 'muhammad')).toBe(0.95);
    expect(tokenSimilarity('yusuf', 'yousef')).toBe(0.95);
    expect(tokenSimilarity('aleksandr', 'alexander')).toBe(0.95);
    expect(phoneticKey('aleksandr')).toBe(phoneticKey('alexander'));
    expect(phoneticKey('alexandra')).not.toBe(phoneticKey('alexander'));
    expect(tokenSimilarity('sophia', 'sofia')).toBe(0.9);
    expect(tokenSimilarity('*mhmd', 'mohammed')).toBe(0.95);
    expect(tokenSimilarity('*ywsf', 'youssef')).toBe(0.95);
    expect(abjadSkeleton('rashid')).toBe('rshd');
    expect(abjadSkeleton('*hdd')).toBe(abjadSkeleton('haddad'));
  });

  it('đ as dj and as d meet (0.95): Djordje ~ Dorde, Djokovic ~ Dokovic', () => {
    expect(tokenSimilarity('djordje', 'dorde')).toBe(0.95);
    expect(tokenSimilarity('djordjevic', 'dordjevic')).toBe(0.95);
    expect(tokenSimilarity('djokovic', 'dokovic')).toBe(0.95);
    expect(tokenSimilarity('djordje', 'djordje')).toBe(1);
    expect(names('Djordje Jovanovic', 'Đorđe Jovanović').score).toBe(1);
    expect(names('Dorde Jovanovic', 'Đorđe Jovanović').score).toBeCloseTo(0.975, 3);
    expect(names('Dang Van Duc', 'Đặng Văn Đức').score).toBe(1);
  });

  it('Korean family names in their romanisations, and Hangul against Latin', () => {
    expect(tokenSimilarity('lee', 'yi')).toBe(0.95);
    expect(tokenSimilarity('gim', 'kim')).toBe(0.95);
    expect(tokenSimilarity('park', 'bak')).toBe(0.95);
    expect(names('김성호', 'Kim Sung-ho').score).toBeGreaterThanOrEqual(0.9);
    expect(names('Park Seong-gyu', '박성규').score).toBe(1);
    expect(names('Lee Dong-chan', 'Yi Tong-chan').score).toBeGreaterThanOrEqual(0.9);
    expect(names('이동찬', 'Rhee Dongchan').score).toBeCloseTo(Math.sqrt(0.95), 3);
  });

  it('Persian script meets its Latin spellings: ض ظ ذ as z, و as v, گ as g, چ as ch', () => {
    expect(names('رضا کاظمی', 'Reza Kazemi').score).toBeGreaterThanOrEqual(0.9);
    expect(names('وحید موسوی', 'Vahid Mousavi').score).toBeGreaterThanOrEqual(0.87);
    expect(names('گلناز چمران', 'Golnaz Chamran').score).toBeGreaterThanOrEqual(0.9);
    expect(abjadSkeleton('mousavi')).toBe('mwswy');
    // Arabic script keeps the Arabic readings: ضياء is Diya, not Zia
    expect(tokenSimilarity(prepareTokens('ضياء', 'PERSON')[0]!, 'diya')).toBeGreaterThan(tokenSimilarity(prepareTokens('ضياء', 'PERSON')[0]!, 'zia'));
  });

  it('tells apart the names the variant table knows apart', () => {
    expect(tokenSimilarity('mohammed', 'mahmoud')).toBeLessThan(0.75);
    expect(tokenSimilarity('hassan', 'hussein')).toBeLessThan(0.75);
    // Arabic script: محمود (mhmwd) is not Mohammed, حسين (hsyn) is not Hassan
    expect(tokenSimilarity('*mhmwd', 'mohammed')).toBeLessThan(0.85);
    expect(tokenSimilarity('*hsyn', 'hassan')).toBeLessThan(0.85);
  });

  it('a glued particle costs 3%', () => {
    expect(tokenSimilarity('alrashid', 'rashid')).toBe(0.97);
    expect(tokenSimilarity('vanderberg', 'berg')).toBe(0.97);
    expect(names('Dirk Terhorst', 'Dirk ter Horst').score).toBeCloseTo(0.985, 3);
    expect(names('Steven Vandeneynde', 'Steven Van den Eynde').score).toBeCloseTo(0.985, 3);
    expect(names('Cheikh Mahjoub', 'Cheikh Ould Mahjoub').score).toBe(1);
  });

  it('organizations: a truncation of 3+ letters is an abbreviation', () => {
    expect(tokenSimilarity('gen', 'general', false)).toBe(0.85);
    expect(tokenSimilarity('gen', 'general', true)).toBeLessThan(0.85);
  });
});

describe('scoreNames: alignment', () => {
  it('is order-insensitive', () => {
    expect(names('Doe John', 'John Doe').score).toBe(1);
    expect(names('Michael Doe John', 'John Michael Doe').score).toBe(1);
  });

  it('a missing middle name costs 4%, on either side; an edge token 10%', () => {
    const a = names('John Doe', 'John Michael Doe');
    expect(a.score).toBeCloseTo(0.96, 10);
    expect(a.notes).toEqual(['middle name missing']);
    expect(a.entryUnpaired).toEqual([{ token: 'michael', middle: true }]);
    expect(names('John Michael Doe', 'John Doe').score).toBeCloseTo(0.96, 10);
    expect(names('Maria Garcia', 'Maria Garcia Lopez').score).toBeCloseTo(0.9, 10);
  });

  it('one token against a longer name costs 25% a token: "Mohammed" is not "Mohammed Ali"', () => {
    expect(names('Mohammed', 'Mohammed Ali').score).toBeCloseTo(0.75, 10);
  });

  it('one clearly different token sinks the name (geometric mean, squared under 0.85)', () => {
    expect(names('Mohammed Ali', 'Mohammed Hassan').score).toBeLessThan(0.5);
    expect(names('John Doe', 'John Smith').score).toBeLessThan(0.2);
    expect(names('Reza Ali Rahimi', 'Ali Reza Karimi').score).toBeLessThan(0.85);
    expect(names('Global Trading LLC', 'Global Shipping LLC', 'ORGANIZATION').score).toBeLessThan(0.8);
    expect(names('Golden Star General Trading', 'Golden Sun General Trading LLC', 'ORGANIZATION').score).toBeLessThan(0.8);
  });

  it('initials count partly', () => {
    expect(names('J. Doe', 'John Doe').score).toBeCloseTo(Math.sqrt(0.85), 10);
    expect(names('J. M. Doe', 'John Michael Doe').score).toBeCloseTo(Math.cbrt(0.85 * 0.85), 10);
    expect(names('J. Doe', 'Peter Doe').score).toBeLessThan(0.2);
  });

  it('concatenation: two tokens of one side for one of the other', () => {
    const a = names('Xiao Long Li', 'Li Xiaolong');
    expect(a.score).toBe(1);
    expect(a.pairs.map((p) => `${p.subject}=${p.entry}`)).toEqual(['xiao long=xiaolong', 'li=li']);
    expect(names('Jeanpierre Dubois', 'Jean-Pierre Dubois').score).toBe(1);
    expect(names('Abubakar Yusuf', 'Abu Bakr Yousef').score).toBeGreaterThan(0.9);
  });

  it('generic company words weigh half', () => {
    // one distinctive word differs: sunk; one generic word differs: hurt less
    const distinctive = names('Kedr Granit Trading', 'Kedr Almaz Trading', 'ORGANIZATION').score;
    const generic = names('Kedr Granit Trading', 'Kedr Granit Shipping', 'ORGANIZATION').score;
    expect(generic).toBeGreaterThan(distinctive);
  });

  it('weak aliases: the distance from 1 counts five times', () => {
    expect(weakAliasScore(1)).toBe(1);
    expect(weakAliasScore(0.97)).toBeCloseTo(0.85, 10);
    expect(weakAliasScore(0.5)).toBe(0);
  });
});
