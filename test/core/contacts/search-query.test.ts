import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { matchExpression, phonePrefixes, searchTerms } from '@core/contacts/search/search-query';
import { migrate } from '@core/db/migrate';

describe('search query → FTS5 expression', () => {
  it('makes each word a quoted prefix over name, e-mail and phones', () => {
    expect(searchTerms('João  da')).toEqual([
      '{name email phones} : ("João"*)',
      '{name email phones} : ("da"*)',
    ]);
    expect(searchTerms('maria.silva@gm')).toEqual([
      '{name email phones} : ("maria"* AND "silva"* AND "gm"*)',
    ]);
  });

  it('reads digits and phone punctuation with spaces as a phone, in the forms the index keeps', () => {
    expect(searchTerms('(11) 98765-43')).toEqual(['phones : ("119876543"*)']);
    expect(searchTerms('+55 11 9876')).toEqual(['phones : ("55119876"* OR "119876"*)']);
    expect(phonePrefixes('5511987')).toEqual(['5511987', '11987']);
    expect(phonePrefixes('01198765')).toEqual(['01198765', '1198765']);
    expect(phonePrefixes('9876543')).toEqual(['9876543', '876543']);
    expect(phonePrefixes('987654321')).toEqual(['987654321', '87654321']);
    expect(phonePrefixes('11987654321')).toEqual(['11987654321']);
  });

  it('reads a number without spaces, alone or among words, as a phone or a word', () => {
    expect(searchTerms('09999')).toEqual([
      'phones : ("09999"* OR "9999"*) OR {name email phones} : ("09999"*)',
    ]);
    expect(searchTerms('98765-43')).toEqual([
      'phones : ("9876543"* OR "876543"*) OR {name email phones} : ("98765"* AND "43"*)',
    ]);
    expect(searchTerms('loja 04')).toEqual([
      '{name email phones} : ("loja"*)',
      'phones : ("04"* OR "4"*) OR {name email phones} : ("04"*)',
    ]);
  });

  it('drops what cannot be searched, and caps the number of terms', () => {
    expect(searchTerms('  "* ( ) ^ : ')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j k')).toHaveLength(8);
  });

  it('scopes to the profile by its tag, or by leaving the other profiles out', () => {
    expect(matchExpression({ profile: 'demo', listId: 'ab-12', optedOut: false, query: 'ana' })).toBe(
      '(tags : "p64656d6f" AND tags : "lab12" AND ({name email phones} : ("ana"*))) NOT (tags : "optout")',
    );
    expect(matchExpression({ profile: 'default', query: 'ana', others: ['demo'] })).toBe(
      '(({name email phones} : ("ana"*))) NOT (tags : "p64656d6f")',
    );
    expect(matchExpression({ profile: 'default', query: 'ana', others: [] })).toBe(
      '({name email phones} : ("ana"*))',
    );
    // Nothing positive to match: the profile's own tag, whatever the others.
    expect(matchExpression({ profile: 'demo', optedOut: false, others: [] })).toBe(
      '(tags : "p64656d6f") NOT (tags : "optout")',
    );
  });

  it('always builds an expression FTS5 accepts, whatever was typed', () => {
    const db = new Sqlite(':memory:');
    migrate(db);
    const run = db.prepare('SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH ?').pluck();
    const samples = [
      '"',
      "'",
      '*',
      '^',
      ':',
      '(',
      ')',
      '{',
      '}',
      'AND',
      'OR',
      'NOT',
      'NEAR',
      '+',
      '-',
      'a"b',
      'ā̈',
      '\u0000',
      '🙂',
      '１２３',
      '٣',
      'ǅ',
      'ﬁ',
      'ß',
      '日本',
    ];
    for (const a of samples) {
      for (const b of samples) {
        for (const optedOut of [undefined, true, false]) {
          for (const others of [undefined, [], ['demo']]) {
            const match = matchExpression({ profile: 'default', query: `${a}${b} ${b}`, optedOut, others });
            expect(() => run.get(match), match).not.toThrow();
          }
        }
      }
    }
    db.close();
  });
});
