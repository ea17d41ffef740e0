import { Fragment, type ReactNode } from 'react';
import type { Language, Params } from '@propdesk/i18n';

/**
 * A translated sentence with data in it (codes, names, amounts). In English the sentence is the plain
 * string, exactly as before; in Arabic each data parameter is set in `<bdi>` (decision 219), so a code
 * such as G-0301 keeps its order inside right-to-left text. The sentence stays one catalog message:
 * the data are passed as private-use markers and the translated text is split around them.
 */
export function dataText(
  language: Language,
  translate: (params: Params) => string,
  params: Params,
  data: Readonly<Record<string, string>>,
): ReactNode {
  if (language !== 'ar') return translate({ ...params, ...data });
  const names = Object.keys(data);
  const markers = Object.fromEntries(names.map((name, index) => [name, String.fromCharCode(0xe000 + index)]));
  const text = translate({ ...params, ...markers });
  const parts = text.split(/([\uE000-\uE0FF])/);
  return parts.map((part, index) => {
    const name = names[part.charCodeAt(0) - 0xe000];
    if (part.length === 1 && name !== undefined) {
      return (
        <bdi key={index} dir="ltr">
          {data[name]}
        </bdi>
      );
    }
    return <Fragment key={index}>{part}</Fragment>;
  });
}
