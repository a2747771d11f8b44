// Replies (from customers), in English; typed as the pt-BR texts.
import type { InboxMessages } from '../pt-BR/inbox';

const inboxEn: InboxMessages = {
  inbox: {
    nav: 'Replies',
    title: 'Replies',
    unreadBadge: '{count} unread conversation | {count} unread conversations',
    noServerTitle: 'Replies need a Torpedo Server',
    noServerBody:
      'Without a Torpedo Server, your customers’ replies (and their STOP requests) cannot reach this computer: the SMS service delivers them only to a public address, which the server has.',
    noServerNotice:
      'No server is connected: the replies below are the ones that already arrived, and new ones will not arrive until you connect one.',
    noServerLink: 'Connect a server in Settings › Server',
    emptyTitle: 'No replies yet',
    emptyBody: 'When a customer replies to an SMS, the conversation shows up here.',
    noMatch: 'No conversation matches these filters.',
    listLabel: 'Conversations',
    search: 'Search by name, number or message',
    unreadOnly: 'Unread only',
    you: 'You: {text}',
    optedOutTag: 'opted out',
    handledTag: 'resolved',
    unreadCount: '{count} unread | {count} unread',
    origin_campaign: 'Campaign “{name}”',
    origin_automation: 'Automation “{name}”',
    origin_reply: 'a reply sent from here',
    origin_test: 'a test send',
    origin_unnamed_campaign: 'a campaign',
    origin_unnamed_automation: 'an automation',
    answers: 'Answers: {what}',
    theirClock: '{time} on the customer’s clock',
    pickOne: 'Pick a conversation to read and answer.',
    messagesLabel: 'Messages with {who}',
    fromThem: 'Customer',
    fromUs: 'You',
    optOutMessage: 'Asked to leave — opted out on {when}',
    optedOutSince: 'This number has been opted out since {when}: Torpedo sends it nothing more.',
    markHandled: 'Mark as resolved',
    reopen: 'Reopen',
    handledDone: 'Conversation marked as resolved.',
    reopened: 'Conversation reopened.',
    replyLabel: 'Reply to {who}',
    replyPlaceholder: 'Write the reply…',
    estimating: 'Working out the cost…',
    estimate: 'Goes as {count} SMS, for {cost}. | Goes as {count} SMS, for {cost}.',
    asSent: 'As it goes: {text}',
    refused_number_blocked:
      'This number cannot be answered: it asked to leave or is on a block list, and Torpedo sends it nothing.',
    refused_outside_sending_hours:
      'It is outside the sending hours now (Settings › Sending rules): the reply can go from {until}, on the customer’s clock.',
    refused_outside_sending_hours_later:
      'It is outside the sending hours now (Settings › Sending rules): try later.',
    costUnknown: 'the price of one SMS (not read from the service yet)',
    send: 'Send',
    sendTitle: 'Send this reply?',
    sendBody:
      '{count} SMS goes to {who}, for {cost}, taken from your balance. | {count} SMS go to {who}, for {cost}, taken from your balance.',
    sendConfirm: 'Send for {cost}',
    sent: 'Reply sent.',
    loadFailed: 'We could not read the replies.',
    conversationFailed: 'We could not open this conversation.',
  },
};

export default inboxEn;
