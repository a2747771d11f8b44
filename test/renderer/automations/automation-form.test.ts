/**
 * The automation form as the owner fills it: a time typed as 9:00 or 9h30,
 * dates as DD/MM/AAAA read by the app's one date reader, and each problem
 * named by its field rather than sent to the core.
 */
import { describe, expect, it } from 'vitest';
import {
  blankForm,
  clockOf,
  dateKeyOf,
  inputOf,
  type AutomationForm,
} from '@renderer/views/automations/automation-form';

const form = (over: Partial<AutomationForm>): AutomationForm => ({
  ...blankForm('2027-03-10'),
  templateId: 't1',
  ...over,
});

describe('the automation form', () => {
  it('starts as a birthday at 09:00 for everyone, a recurring one from today', () => {
    const blank = blankForm('2027-03-10');
    expect(blank).toMatchObject({ kind: 'birthday', at: '09:00', audience: 'everyone', daysBefore: 0 });
    expect(blank.from).toBe('10/03/2027');
  });

  it('reads times and dates as Brazilians write them', () => {
    expect(clockOf('9:00')).toBe('09:00');
    expect(clockOf('9h30')).toBe('09:30');
    expect(clockOf('24:00')).toBeNull();
    expect(dateKeyOf('05/04/2027')).toBe('2027-04-05');
    expect(dateKeyOf('2027-04-05')).toBe('2027-04-05');
    expect(dateKeyOf('31/02/2027')).toBeNull();
    expect(dateKeyOf('05/04')).toBeNull();
  });

  it('gives the contract a birthday rule with its days before', () => {
    expect(inputOf(form({ at: '8:30', daysBefore: 2, name: '  Parabéns ' }))).toEqual({
      input: {
        name: 'Parabéns',
        templateId: 't1',
        audience: { kind: 'everyone' },
        rule: { kind: 'birthday', at: '08:30', daysBefore: 2 },
      },
    });
  });

  it('gives the contract a monthly rule from a start to an end, for a list', () => {
    const input = inputOf(
      form({
        kind: 'recurring',
        audience: 'list',
        listId: 'l1',
        every: 'month',
        monthDay: 31,
        at: '10:00',
        from: '01/04/2027',
        until: '31/12/2027',
      }),
    );
    expect(input).toEqual({
      input: {
        templateId: 't1',
        audience: { kind: 'list', listId: 'l1' },
        rule: {
          kind: 'recurring',
          at: '10:00',
          every: { unit: 'month', day: 31 },
          from: '2027-04-01',
          until: '2027-12-31',
        },
      },
    });
  });

  it('names every problem by its field instead of sending the form', () => {
    expect(
      inputOf(
        form({
          kind: 'recurring',
          templateId: null,
          audience: 'list',
          listId: null,
          at: '25:00',
          every: 'week',
          weekdays: [],
          from: '10/03/2027',
          until: '01/03/2027',
        }),
      ),
    ).toEqual({
      problems: {
        at: 'atInvalid',
        templateId: 'pickTemplate',
        listId: 'pickList',
        until: 'untilBeforeFrom',
        weekdays: 'pickWeekday',
      },
    });
    expect(inputOf(form({ kind: 'recurring', from: '31/02/2027' }))).toEqual({
      problems: { from: 'dateInvalid' },
    });
  });
});
