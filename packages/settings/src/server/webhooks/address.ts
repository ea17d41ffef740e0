import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { dataWord, translate, type LocalText } from '@propdesk/server-kit';
import { settingsText } from '../i18n/catalog.js';

/**
 * Where a webhook may be sent (issue 27, no server-side request forgery): an http(s) URL whose every
 * address is public. Loopback and private ranges are refused unless `PROPDESK_WEBHOOKS_ALLOW_PRIVATE=1`
 * (an installation delivering inside its own network, and the tests); link-local (the cloud metadata
 * address 169.254.169.254, fe80::/10), multicast and unspecified addresses are always refused.
 */
const always = new BlockList();
always.addSubnet('169.254.0.0', 16, 'ipv4');
always.addSubnet('fe80::', 10, 'ipv6');
always.addSubnet('224.0.0.0', 4, 'ipv4');
always.addSubnet('ff00::', 8, 'ipv6');
always.addSubnet('0.0.0.0', 8, 'ipv4');
always.addAddress('255.255.255.255', 'ipv4');
always.addAddress('::', 'ipv6');
always.addSubnet('240.0.0.0', 4, 'ipv4');

const privateOrLoopback = new BlockList();
privateOrLoopback.addSubnet('127.0.0.0', 8, 'ipv4');
privateOrLoopback.addAddress('::1', 'ipv6');
privateOrLoopback.addSubnet('10.0.0.0', 8, 'ipv4');
privateOrLoopback.addSubnet('172.16.0.0', 12, 'ipv4');
privateOrLoopback.addSubnet('192.168.0.0', 16, 'ipv4');
privateOrLoopback.addSubnet('100.64.0.0', 10, 'ipv4');
privateOrLoopback.addSubnet('198.18.0.0', 15, 'ipv4');
privateOrLoopback.addSubnet('fc00::', 7, 'ipv6');

export const allowPrivateAddresses = () => process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'] === '1';

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return { address: dotted[1]!, family: 'ipv4' };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return { address: `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, family: 'ipv4' };
  }
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Why this address may not be sent to, or null when it may. */
export function addressRefusal(address: string, allowPrivate = allowPrivateAddresses()): string | null {
  const kind = refusalKind(address, allowPrivate);
  if (kind === 'reserved') return `${address} is a link-local, multicast or reserved address`;
  if (kind === 'private') return `${address} is a loopback or private address`;
  return null;
}

function refusalKind(address: string, allowPrivate: boolean): 'reserved' | 'private' | null {
  const { address: plain, family } = unmapped(address);
  if (always.check(plain, family)) return 'reserved';
  if (!allowPrivate && privateOrLoopback.check(plain, family)) return 'private';
  return null;
}

export type CheckedUrl = { url: URL; addresses: { address: string; family: 4 | 6 }[] };

/** Why a webhook's URL is refused: `message` in English, `said` in the caller's language (the `url` field's problem). */
export class UrlRefused extends Error {
  readonly said: LocalText;

  constructor(said: LocalText) {
    super(translate(said, 'en'));
    this.said = said;
  }
}

/**
 * The URL parsed and its host resolved, every address checked (a name resolving to one private
 * address among public ones is refused). Throws `UrlRefused` with the reason.
 */
export async function checkWebhookUrl(text: string, allowPrivate = allowPrivateAddresses()): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlRefused(settingsText('urlNotWeb'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlRefused(settingsText('urlNotHttp'));
  if (url.username || url.password) throw new UrlRefused(settingsText('urlCredentials'));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new UrlRefused(settingsText('urlNoHost'));
  let addresses: { address: string; family: 4 | 6 }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family as 4 | 6 }));
    } catch {
      throw new UrlRefused(settingsText('urlHostNotFound', { host: dataWord(host) }));
    }
  }
  if (addresses.length === 0) throw new UrlRefused(settingsText('urlHostNoAddress', { host: dataWord(host) }));
  for (const entry of addresses) {
    const kind = refusalKind(entry.address, allowPrivate);
    if (kind) throw new UrlRefused(settingsText(kind === 'reserved' ? 'urlReserved' : 'urlPrivate', { address: dataWord(entry.address) }));
  }
  return { url, addresses };
}
