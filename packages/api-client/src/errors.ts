/** A non-ok answer other than 401 and 423 (spec section 8). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string) {
    super(`HTTP error! Status: ${status} - ${body}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** The session could not be restored after a 401; the user has been sent to /login. */
export class UnauthorizedError extends Error {
  readonly status = 401;

  constructor() {
    super('Unauthorized');
    this.name = 'UnauthorizedError';
  }
}

/** A 423: the caller lacks the privilege; the user has been sent to /not-authorized. */
export class ForbiddenError extends Error {
  readonly status = 423;

  constructor() {
    super('Forbidden - Access denied');
    this.name = 'ForbiddenError';
  }
}
