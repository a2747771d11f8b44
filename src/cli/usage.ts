/** Help text, and the error for a command line that cannot be run (exit code 2). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Usage: torpedo <command> [options]

Commands:
  credits buy (--quantity N | --plan ID) [--card ID] [--coupon CODE]
                        Buy credits. Never retried: after a lost answer Torpedo checks the
                        invoices and reports what happened to the money.
  credits invoices [--page N] [--per-page N]
                        The invoice history (newest first).
  balance               The account balance.
  contacts list [--search TEXT] [--list NAME] [--limit N]
                        The data folder's contacts in name order (all, or --limit N), as the
                        app's search finds them. Local data only: the profile the desktop app
                        last signed in to there (default: the account profile). --json prints
                        [{name, phone, email, lists, fields, optedOut}].
  contacts opt-out PHONE
                        Put a number on the opt-out list by hand (as the app's Descadastros page
                        does): no campaign, automation or test send reaches it. Read as Brazilian
                        unless it starts with +; an invalid number exits 2. Local data only.
                        --json prints {phone, source, note, createdAt, contact}.
  import FILE [--list NAME] [--country BR] [--map field=Column ...] [--type field=TYPE ...]
         [--on-duplicate skip|update] [--errors-file PATH] [--encoding E] [--delimiter D]
         [--sheet NAME] [--fix-nine-digit]
         [--consent-text T] [--consent-channel C] [--consent-by NAME]
                        Import contacts from a CSV, TXT, XLSX, XLS, ODS or DIF file into the
                        data folder's profile, as one transaction (all or nothing). --map
                        field=Column (field: name, phone, email, ddd or a custom field; Column:
                        header or letter) corrects the column guess. A custom column's type
                        (text, number or date: dd/mm/aaaa, aaaa-mm-dd, Excel dates) is detected
                        from its values; --type field=date (or text, number) changes it, and a
                        value that does not fit its type is rejected. Contacts already there (same
                        phone) keep their values unless --on-duplicate update. Rejected rows go
                        to an error file beside FILE (or PATH), with the reason for each. --json
                        prints {read, imported, updated, duplicates, invalid, errorsFile}.
                        Consent (LGPD): --consent-text (the words the customers agreed to),
                        --consent-channel (balcao, formulario, site, planilha, outro) and
                        --consent-by (who collected it) record it for every row; columns
                        mapped to consent_text, consent_channel, consent_by and consent_at
                        record each row's own.
  campaign create (--message TEXT | --template NAME) (--list NAME | --segment NAME | --file PATH)
                  [--name N] [--sms-type ID] [--schedule DATE] [--track-links]
                        Draft a campaign to a list or a segment of the data folder (the segment
                        is worked out again when the campaign is sent), or to a file imported
                        first into a new list named after the campaign. --template takes a
                        saved template's text, and its sender and SMS type unless --sms-type is
                        given. --track-links makes each address in the text a short link that
                        counts clicks (made when it is sent), and counts the parts with the
                        short address. --schedule takes dd/mm/aaaa hh:mm (05/12/2026 09:00:
                        09:00 on each recipient's own clock) or ISO 8601 with an offset
                        (2026-12-05T09:00-03:00: that instant), in the future. --json prints
                        {id, recipients, batches, segments, cost, shortLinks, schedule,
                        excluded: {blocked, cap}, moved: {window, holiday, sunday}, fallbacks}
                        (cost null until the app has read the SMS prices; shortLinks {links,
                        length, basis} or null; schedule {at, local, zone, onEachClock} or
                        null; excluded: left out by a block list or the frequency cap; moved:
                        sent later by the sending rules, were it sent now; fallbacks [{field,
                        key, fallback, count}]: per merge field, how many recipients lack it
                        and get its fallback).
  segments create --name NAME --where "COND" [--where "COND" ...] [--match all|any]
                        Save a segment: contacts chosen by conditions on their fields, all of
                        them (default) or any. COND is FIELD OPERATOR VALUE, with the names the
                        composer's merge fields use: nome, telefone, email, ddd, uf, lista,
                        cadastro, descadastrado, ultimo_envio, campanha, or a column of your
                        own (cidade, ultima_compra...). Operators by type: text = != contains
                        empty not-empty; number = != > < >= <=; date before after between
                        in-last (90d) month (= 3); campanha recebeu|entregue|clicou NAME (or
                        nao-recebeu...). E.g. --where "cidade = Recife" --where
                        "ultima_compra in-last 90d". A field or operator that does not fit
                        exits 2 naming it. Local data only.
  segments list         The saved segments and their conditions. --json prints
                        [{name, match, where}].
  segments count (NAME | --where "COND" ... [--match all|any])
                        How many contacts a segment (saved, or given here) takes now, and how
                        many would receive (opted-out numbers never do). --json prints
                        {count, recipients, optedOut, landlines}.
  segments delete NAME  Delete a saved segment (campaigns sent to it keep their recipients).
  campaign send ID      Freeze the draft into the outbox (no connection needed); "worker" or the
                        app delivers it. --json prints {id, status, recipients, batches, segments, cost}.
  campaign status ID    Batches and messages by state. Local data only, like "contacts list".
  block import FILE --list procon-sp|procon-al|procon-carioca|NAME [--replace | --add]
                        Import a block list: Procon-SP's "Não Me Ligue" (Lei SP 13.226/2008),
                        Procon-AL's (Lei AL 8.538/2021), Procon-Carioca's (Lei Rio 6.523/2019), or
                        a list of your own by NAME (made by its first import; several allowed).
                        No campaign, automation or test send reaches its numbers. A list that has
                        numbers needs --replace (the file is the whole list now, as Procon-SP
                        publishes it) or --add (its numbers join the list's); the list before is
                        kept for "block undo". --json prints {list: {id, kind, name}, read,
                        numbers, added, removed, invalid}. (--source is --list's older name.)
  block undo --list LIST
                        Take the list's last import back: its numbers, file and dates as before.
  block remove --list LIST
                        Remove the list and its numbers (they may be messaged again).
  block list            The block lists, their numbers and when each was imported, each with its
                        own reminder after 30 days. --json prints [{list, kind, name, numbers,
                        importedAt, fileDate}] (fileDate: the file's own date, or null when the
                        import did not know it).
  rules show            The sending rules (each recipient's own clock).
  rules set window "mon-fri 09:00-18:00, sat 09:00-13:00" | on | off
  rules set sundays on|off | holidays on|off | prefix "Loja Maria:" | off | cap 4/7d | off
  rules set how-to-stop on|off|unset | opt-out-confirmation on|off
                        Change one rule; the others stay. --json prints them as "rules set" takes them
                        (and howToStopNow: whether messages end with " Para sair, responda SAIR." now;
                        unset: only while a Torpedo Server reads the replies). opt-out-confirmation:
                        one SMS ("Pronto, você não recebe mais nossas mensagens.") answers each
                        opt-out by reply; off by default, each costs one SMS.
  templates create --name NAME --text TEXT [--category C]
                        Save a message to use again (the app's Modelos). A field may say what to
                        use when a contact lacks it: {{nome|cliente}}; {{primeiro_nome|}} leaves
                        it out. --json prints the template with the fields it uses.
  templates list        The data folder's templates by name; --json prints them with their fields.
  templates delete NAME Delete a template (campaigns that used it keep their text).
  gallery list [--business TYPE]
                        Ready messages by type of business (salao-e-barbearia, pet-shop, otica,
                        farmacia, loja-de-roupa, restaurante-e-delivery, academia,
                        clinica-e-consultorio, mercado, servicos), each one SMS with your business
                        name and the stop line. --json prints [{id, business, purpose, text,
                        segment: {name, match, where, missingColumns} or null (birthdays), hour}].
                        Local data only.
  gallery use ID [--as-template NAME]
                        A ready message made a draft campaign to its segment (saved, or the same
                        one saved before) at its hour on the next day the sending rules open; or,
                        with --as-template, your own template. --json prints {as, id, name, text,
                        audience, scheduleAt}. Local data only.
  calendar [--year N]   The year's selling days (Dia das Maes, Black Friday...) with the suggested
                        message and a reminder, and the national holidays (no sends). --json
                        prints [{date, name, kind}] (date YYYY-MM-DD, kind retail or holiday).
  automations create --type birthday --template NAME [--list NAME | --segment NAME]
                     [--at HH:MM] [--days-before N] [--name N]
  automations create --type recurring --template NAME (--list NAME | --segment NAME)
                     --every "day" | "week mon,thu" | "month 5" --at HH:MM
                     [--from DATE] [--until DATE] [--name N]
                        Make an automation: birthdays (everyone unless --list or --segment; 09:00
                        unless --at; --days-before N greets ahead) or a recurring send (from today
                        unless --from; DATE as DD/MM/AAAA or AAAA-MM-DD). Times are on each
                        recipient's clock. "worker" (or the app) hands each occurrence to the
                        service up to 36 hours ahead, with its time as the message's schedule.
  automations list      The automations, with their next occurrence. --json prints them.
  automations pause NAME | resume NAME
                        Stop handing over, or start again (what was due meanwhile is not sent).
  automations log NAME  Each occurrence: handed over (final), held, skipped and why, delivered.
  automations forecast [--days N]
                        The next N days (30 unless told): messages, SMS and R$ day by day, and
                        until when the balance covers them. --json prints
                        {messages, segments, cost, days: [{date, messages, cost}], ...}.
  links create --url URL [--title T]
                        Make a short link. --json prints {id, url, shortUrl, title, active, clicks}.
  links list            The account's short links, newest first (as last read when offline).
  links clicks ID       A link's clicks, newest first: --json prints [{id, clickedAt, phone, userAgent}].
  links deactivate ID   Stop a short link: its address no longer opens the page. --json prints the link.
  inbox list [--unread] The customers' replies (Respostas), one conversation per number, newest
                        first; --unread keeps those not yet handled. Local data only. --json prints
                        [{phone, name, message, receivedAt, campaign, optedOut}] (message: their
                        last reply; campaign: what it answers, or null).
  inbox reply PHONE --message TEXT
                        Answer a customer who wrote: one SMS with the business name in front,
                        refused to a number that opted out or is blocked, and outside the sending
                        hours on the customer's clock. --json prints {sendId, phone, segments, cost}.
  inbox sync            Read what Torpedo Server received now (replies; SAIR, PARE, PARAR,
                        CANCELAR, DESCADASTRAR or STOP alone opts the number out). --json prints
                        {received, optedOut}.
  privacy show PHONE    Everything this computer keeps about one person's number (LGPD art. 18):
                        the contact, lists, consent, opt-out, block lists, every message sent
                        with its text and status, clicks, replies, and where it is stored.
                        PHONE in any written form. --json prints the whole page as JSON.
  privacy export PHONE --out FILE
                        The person's copy of their data: FILE (HTML, in the app's language) and
                        the same data as JSON beside it (FILE with .json). Never overwrites.
  privacy erase PHONE   Erases the person at their request, asking nothing: the contact, lists,
                        consent, opt-out, the texts sent to them, clicks and replies; a message
                        not sent yet is withdrawn. Only a keyed hash of the number stays, so no
                        import, sync or campaign brings them back. --json prints {found, erased, at}.
  server connect URL --code NNNN-NNNN [--name NAME]
                        Connect this computer to the shop's Torpedo Server (https://, or http://
                        on this computer only) with the code it printed: the account's webhook
                        then goes to the server, which gets the webhook secret. --json prints
                        {connected, url, deviceName, hookUrl, previousWebhookUrl, webhookPointsHere,
                        sync: {at, error}, unread}.
  server status         The connection, and how the last read of its events went (this
                        computer's data only). --json prints the same object.
  server disconnect     Put the account's webhook back as it was before connecting, and forget
                        this computer's token. --json prints the status after.
  privacy requests      The register of the customers' privacy requests (LGPD art. 18): open ones
                        first by due date (15 days after the request, art. 19 II), then the
                        answered ones. Local data only. --json prints [{id, phone, kind, channel,
                        note, receivedOn, dueOn, answeredAt, answerNote, daysLeft}].
  privacy request add --kind K --phone P --channel C [--received YYYY-MM-DD] [--note T]
                        Record a request: kind access, copy, correction, deletion or
                        consent_withdrawn; channel balcao, whatsapp, telefone, email, sms or
                        outro; received today unless given. --json prints the request.
  privacy request answer ID [--note T]
                        Mark a request answered now (--note: how). --json prints the request.
  data backups          The data folder's backups: one made before each data update (the newest
                        three formats), and your data as it was before each restore.
  data restore NAME     Put a backup back: the current torpedo.db (with its -wal and -shm) is
                        kept in the backups folder, the backup is checked and copied into place,
                        and the data is opened again. Close the app (and any worker) first.
                        --json prints {restored, keptAs, recovery}.
  worker [--until-idle]
                        Hand over what the automations have due within 36 hours, then deliver
                        the data folder's queued campaigns (the desktop app's own worker;
                        one at a time per folder, so it may run beside the app). Runs until
                        Ctrl-C; --until-idle exits when nothing is left to send: 0 all finished,
                        3 some campaigns held (credit, sending hours, sign-in, repeated failures),
                        4 stopped because delivery cannot go on (a full disk, a folder it cannot
                        write: the cause is said; nothing is lost, run it again once fixed).
                        Progress and what it waits for on stderr; --json prints
                        {idle, stopped, stalled, campaigns} at the end.

Options for every command:
  --data-dir DIR        Torpedo's data folder (default: the desktop app's own).
  --base-url URL        Service address (default: $TORPEDO_BASE_URL, else the real service).
  --key -               Read the account key from stdin (its first line), e.g.
                        pass show torpedo | torpedo balance --key -
  --key-file PATH       Read the account key from a file (its first line; keep it owner-only).
                        Without either: $TORPEDO_KEY, else the account signed in to the
                        desktop app for this data folder.
  --key KEY             The account key itself: still works, but a key on the command line is
                        visible to other users of this computer (ps), so Torpedo warns on stderr.
  --json                Print JSON instead of text.
  -h, --help            Show this help.

Exit codes: 0 done (for a purchase: succeeded, processing or charged-after-timeout),
1 failed or not charged (a full disk, a folder that cannot be written, damaged data: the cause
and what to do are said), 2 bad arguments; worker --until-idle also 3 and 4 (above).
`;
