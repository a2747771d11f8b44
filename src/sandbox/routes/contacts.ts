/**
 * Contacts: stored by phone (a second store with the same phone updates the
 * first contact), listed in creation order with `search` (name, phone or
 * e-mail, case-insensitive) and `title` (name of a list the contact is in,
 * case-insensitive).
 */
import { randomUUID } from 'node:crypto';
import { PATHS } from '../../core/api/wire';
import {
  contactInput,
  type ContactDetail,
  type ContactInput,
  type ContactListItem,
} from '../../core/api/wire-schemas';
import type { Account } from '../state/account';
import { fieldError, notFound, ok, validationError, type FieldError } from '../http/http-io';
import type { ContactRecord } from '../state/model';
import { paginate, readPaging } from '../http/pagination';
import { patternOf, type Router } from '../http/router';
import { parseWith } from '../http/validate';
import type { World } from '../world';

function findContact(account: Account, id: string): ContactRecord {
  const contact = account.contacts.get(id);
  if (!contact) throw notFound('Contact');
  return contact;
}

function checkLists(account: Account, lists: string[] | undefined): void {
  if (!lists) return;
  const errors: FieldError[] = [];
  lists.forEach((id, i) => {
    if (!account.lists.has(id)) errors.push({ field: `lists.${i}`, message: 'Unknown list.' });
  });
  if (errors.length > 0) throw validationError(errors);
}

function apply(contact: ContactRecord, input: ContactInput): ContactRecord {
  return {
    ...contact,
    fullName: input.full_name,
    phone: input.phone,
    email: input.email ?? contact.email,
    lists: input.lists ? [...new Set(input.lists)] : contact.lists,
  };
}

function listItem(account: Account, c: ContactRecord): ContactListItem {
  return {
    id: c.id,
    fullName: c.fullName,
    email: c.email,
    phone: c.phone,
    lists: c.lists.flatMap((id) => {
      const list = account.lists.get(id);
      return list ? [{ id: list.id, name: list.name }] : [];
    }),
  };
}

export function registerContacts(router: Router, world: World): void {
  router.authed('GET', PATHS.contactsList, (ctx) => {
    const account = ctx.account;
    const paging = readPaging(ctx.query, { pageRequired: true, perPage: true });
    const search = ctx.query.get('search')?.trim().toLowerCase() ?? '';
    const title = ctx.query.get('title')?.trim().toLowerCase() ?? '';
    let items = [...account.contacts.values()];
    if (search) {
      items = items.filter(
        (c) =>
          c.fullName.toLowerCase().includes(search) ||
          c.phone.includes(search) ||
          (c.email?.toLowerCase().includes(search) ?? false),
      );
    }
    if (title) {
      const listIds = new Set(
        [...account.lists.values()].filter((l) => l.name.toLowerCase() === title).map((l) => l.id),
      );
      items = items.filter((c) => c.lists.some((id) => listIds.has(id)));
    }
    return ok(paginate(items, paging, ctx.path, ctx.query, (c) => listItem(account, c)));
  });

  router.authed('POST', PATHS.contactsStore, (ctx) => {
    const input = parseWith(contactInput, ctx.body);
    checkLists(ctx.account, input.lists);
    const existingId = ctx.account.contactsByPhone.get(input.phone);
    const base: ContactRecord = (existingId && ctx.account.contacts.get(existingId)) || {
      id: randomUUID(),
      fullName: '',
      phone: input.phone,
      email: null,
      lists: [],
      createdAt: world.clock.now(),
    };
    const contact = apply(base, input);
    ctx.account.putContact(contact);
    return ok(world.shapes.contactIdAsObject ? { id: contact.id } : contact.id);
  });

  router.authed('GET', patternOf(PATHS.contactShow), (ctx) => {
    const c = findContact(ctx.account, ctx.params.id!);
    const body: ContactDetail = { fullName: c.fullName, email: c.email, phone: c.phone };
    return ok(body);
  });

  router.authed('PUT', patternOf(PATHS.contactUpdate), (ctx) => {
    const contact = findContact(ctx.account, ctx.params.id!);
    const input = parseWith(contactInput, ctx.body);
    checkLists(ctx.account, input.lists);
    const owner = ctx.account.contactsByPhone.get(input.phone);
    if (owner !== undefined && owner !== contact.id)
      throw fieldError('phone', 'Another contact has this phone.');
    ctx.account.putContact(apply(contact, input));
    return ok(world.shapes.contactIdAsObject ? { id: contact.id } : contact.id);
  });

  router.authed('DELETE', patternOf(PATHS.contactDelete), (ctx) => {
    if (!ctx.account.deleteContact(ctx.params.id!)) throw notFound('Contact');
    return ok({ message: 'Contact deleted.' });
  });
}
