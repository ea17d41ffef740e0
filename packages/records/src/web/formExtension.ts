import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { RecordRow } from '../model/index.js';

export type FormExtensionProps = {
  record: RecordRow | undefined;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
  editing: boolean;
  setValue: (name: string, value: unknown) => void;
};

export type FormExtension = {
  /** Extra body keys: their schemas on create and on update (the server checks the same). */
  create: z.ZodRawShape;
  update: z.ZodRawShape;
  defaults: (record: RecordRow | undefined) => Record<string, unknown>;
  render: (props: FormExtensionProps) => ReactNode;
  /** Fields of the definition the extension draws itself (a webhook's events as check boxes): checked and sent as any field, not drawn again by the form. */
  draws?: readonly string[];
};
