import { namesStreet, streetNameOf, withoutStreetSentences } from '@domain/street-mention';
import { describe, expect, it } from 'vitest';

describe('the street in the broker’s words', () => {
  it.each([
    ['הרצל 12', 'הרצל'],
    ['רחוב הרצל 12', 'הרצל'],
    ['דרך מנחם בגין 132, קומה 3', 'מנחם בגין'],
    ["שד' רוטשילד 22", 'רוטשילד'],
    ['14 HaBarzel St', 'habarzel'],
    ['בן-יהודה 5', 'בן יהודה'],
    ['12', null],
    ['', null],
  ])('finds the street of "%s"', (address, street) => {
    expect(streetNameOf(address)).toBe(street);
  });

  it.each([
    ['הרצל 12', 'הכניסה מהרצל 12'],
    ['הרצל 12', 'ברחוב הרצל, מול הבנק'],
    ['הרצל 12', 'חזית הבניין – הרצל'],
    ['דרך מנחם בגין 132', 'לובי בניין מנחם בגין'],
    ['בן-יהודה 5', 'פינת בן יהודה'],
    ['בן יהודה 5', 'פינת בן־יהודה'],
    ['14 HaBarzel St', 'Entrance from habarzel street'],
  ])('sees "%s" in "%s"', (address, text) => {
    expect(namesStreet(text, address)).toBe(true);
  });

  it.each([
    ['הרצל 12', 'לובי הכניסה'],
    // Another word that merely contains the name.
    ['הרצל 12', 'ציור של הרצלינה'],
    ['הברזל 14', 'מסגרות ברזל'],
    ['הרצל 12', null],
    [null, 'הרצל 12'],
  ])('does not see "%s" in "%s"', (address, text) => {
    expect(namesStreet(text, address)).toBe(false);
  });

  it('leaves out whole sentences naming the street, keeping the others and the line breaks', () => {
    const text = 'משרדים מוארים בקומה 5. הכניסה מרחוב הרצל 12, מול הבנק.\nחניה בבניין.';
    expect(withoutStreetSentences(text, 'הרצל 12')).toBe('משרדים מוארים בקומה 5.\nחניה בבניין.');
    expect(withoutStreetSentences('ברחוב הרצל 12', 'הרצל 12')).toBeNull();
    expect(withoutStreetSentences(text, null)).toBe(text);
    expect(withoutStreetSentences('חניה בבניין.', 'הרצל 12')).toBe('חניה בבניין.');
    expect(withoutStreetSentences('תקרה בגובה 9.5 מ׳ בהרצל. חצר פריקה.', 'הרצל 12')).toBe('חצר פריקה.');
  });
});
