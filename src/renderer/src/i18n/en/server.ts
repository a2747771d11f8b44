// Settings › Server (the Torpedo Server), in English; typed as the pt-BR texts.
import type { ServerMessages } from '../pt-BR/server';

const serverEn: ServerMessages = {
  server: {
    tab: 'Server',
    title: 'Torpedo Server',
    intro:
      'With a Torpedo Server, Torpedo hears your customers: replies to your SMS show up in Replies, whoever replies STOP gets no more messages straight away, and deliveries and clicks reach the reports as they happen.',
    introWhere:
      'The SMS service sends these events only to a public https:// address, which this computer does not have. So the server runs on a machine that has one (a small cloud machine, for example) and keeps everything until Torpedo reads it, even while this computer is off.',
    introHowTo:
      'Whoever looks after your IT will find how to install, back up and update the server in the "Torpedo Server (opcional)" section of Torpedo’s README. When it starts, the server shows a pairing code: type it below with its address.',
    formTitle: 'Connect this computer',
    urlLabel: 'Server address',
    urlPlaceholder: 'https://torpedo.yourshop.com',
    urlHint:
      'Starts with https://. Only a server on this same computer may use http://127.0.0.1 or http://localhost.',
    urlRequired: 'Enter the server’s address.',
    urlInvalid:
      'Enter the full address, starting with https:// (http:// only for 127.0.0.1 or localhost, on this computer).',
    codeLabel: 'Pairing code',
    codePlaceholder: '1234-5678',
    codeHint:
      'The 8 digits the server shows when it starts, or that a computer already connected makes. It works for 10 minutes, once.',
    codeRequired: 'Enter the pairing code.',
    codeInvalid: 'The code has 8 digits, like this: 1234-5678.',
    review: 'Connect…',
    confirmTitle: 'Connect to this server?',
    confirmBody:
      'Your account’s events (replies, deliveries and clicks) will go to this server; the current webhook address, {url}, comes back when you disconnect.',
    confirmBodyNoWebhook:
      'Your account’s events (replies, deliveries and clicks) will go to this server; the account has no webhook today, and has none again when you disconnect.',
    confirmBodyUnknown:
      'Your account’s events (replies, deliveries and clicks) will go to this server; the current webhook address comes back when you disconnect.',
    confirmSecret:
      'The server also receives the webhook’s signing secret, to check that each event really came from SMSGo.',
    confirmServer: 'Server: {url}',
    confirm: 'Connect',
    connected: 'This computer is connected to the server.',
    addressLabel: 'Server address',
    deviceLabel: 'This computer’s name on the server',
    hookLabel: 'Address that receives SMSGo’s events',
    lastReadLabel: 'Last read',
    lastReadNever: 'Nothing read from the server yet.',
    lastReadAt: 'Read the events {time}.',
    lastReadFailed: 'The last read did not work:',
    syncError_unreachable:
      'the server did not answer. Check that the address is right and the server is running; it keeps the events until Torpedo can read them.',
    syncError_unauthorized:
      'the server no longer knows this computer (it was connected again elsewhere, or the server’s database was replaced). Disconnect and connect again with a new code.',
    syncError_bad_answer:
      'the server answered in an unexpected way. Check that it runs the same version as Torpedo and try again.',
    webhookMoved:
      'The account’s webhook no longer points to this server (someone changed it in Integration or in the SMSGo dashboard), so replies and STOP requests do not arrive. Disconnect and connect again to fix it.',
    syncNow: 'Read now',
    syncResult: 'Read. Replies: {received}; opt-outs: {optedOut}; deliveries: {statuses}; clicks: {clicks}.',
    pairingCode: 'Code for another computer',
    pairingCodeHint: 'To connect another of the shop’s computers to this same server.',
    pairingCodeShown:
      'On the other computer, in Settings › Server, type the code {code}. It works until {time}, once.',
    disconnect: 'Disconnect',
    disconnectTitle: 'Disconnect from this server?',
    disconnectBody:
      'The account’s webhook goes back to {url}, and replies, STOP requests, deliveries and clicks stop arriving through this server.',
    disconnectBodyNoWebhook:
      'The account goes back to having no webhook, and replies, STOP requests, deliveries and clicks stop arriving through this server.',
    disconnectKeeps: 'The replies that already arrived stay in Replies.',
    disconnected: 'Disconnected from the server.',
    loadFailed: 'We could not read the server’s status.',
  },
};

export default serverEn;
