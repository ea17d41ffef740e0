/** The answer of every successful JSON call (api.md): the data, and a message to show when there is one. */
export type Envelope<T> = { status: 'OK'; data: T; message?: string };
