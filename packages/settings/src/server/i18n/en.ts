/**
 * Settings' server words (issue 29): the refusals of its calls (users, roles, API keys, the company's
 * logo, unit tools, webhooks). English is what the API always answered, byte for byte.
 */
export const en = {
  noUser: 'No such user',
  noApiKey: 'No such API key',
  noCompanyProfile: 'No such company profile',
  noLogo: 'The company has no logo yet',
  noWebhook: 'No such webhook',
  noDelivery: 'No such delivery',
  roleMissing: 'A chosen role does not exist',
  roleInUse: 'This role is given to {count, plural, one {{n} user} other {{n} users}}; take it away from them first.',
  codesExist: '{n} of these codes already exist in the project, e.g. {code}',
  chooseUnitsOrProject: 'Choose units, or a project',
  atMostUnits: 'At most 20,000 units at once',
  chooseRole: 'Choose at least one role',
  atMostRoles: 'At most 50 roles',
  inFuture: 'Must be in the future',
  logoSendFile: 'Send the image file as the body',
  logoTooLarge: 'At most {max}; this image is {size}',
  logoNotImage: 'Only a PNG or JPEG image can be the logo',
  logoOtherKind: 'Only a PNG or JPEG image can be the logo; this is {kind}',
  logoAnotherKind: 'another kind of file',
  logoNoSize: 'The image has no size',
  logoTooManyPixels: 'At most {max} pixels a side; this one is {width} × {height}',
  urlNotWeb: 'Must be a web address (http or https)',
  urlNotHttp: 'Must be an http or https address',
  urlCredentials: 'Must not carry a user name or password',
  urlNoHost: 'Must name a host',
  urlHostNotFound: 'The host {host} could not be found',
  urlHostNoAddress: 'The host {host} has no address',
  urlReserved: 'Must not point inside the network: {address} is a link-local, multicast or reserved address',
  urlPrivate: 'Must not point inside the network: {address} is a loopback or private address',
} as const;

export type SettingsKey = keyof typeof en;
