// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineCatalog } from './index.js';
import { setLanguage, useT } from './react.js';

// Issue 29: useT suspended mid-first-render when a catalog's Arabic was not loaded yet, and React
// threw the concurrent render away (error #520 in the console). It now shows English, then Arabic.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function lazyCatalog(namespace: string) {
  let arrive: () => void = () => undefined;
  const arabic = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const catalog = defineCatalog(
    namespace,
    { title: 'Roles', count: '{count, plural, one {# role} other {# roles}}' },
    async () => {
      await arabic;
      return { title: 'الأدوار', count: '{count, plural, zero {لا أدوار} one {دور واحد} two {دوران} few {# أدوار} many {# دورًا} other {# دور}}' };
    },
  );
  return { catalog, arrive };
}

/** Lets the dynamic imports (the Arabic words, ICU's formatter) settle and React render again. */
async function settle(container: HTMLElement, text: string) {
  for (let i = 0; i < 100 && container.textContent !== text; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

afterEach(async () => {
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('useT with a catalog whose Arabic is not loaded yet', () => {
  it('renders the English words without suspending, then the Arabic ones, with no recoverable error', async () => {
    await setLanguage('ar');
    const { catalog, arrive } = lazyCatalog('test.lazy');
    function Title() {
      const t = useT(catalog);
      return <h1>{t('title')}</h1>;
    }
    const recovered: unknown[] = [];
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container, { onRecoverableError: (error) => recovered.push(error) });
    await act(async () => root.render(<Title />));
    expect(container.textContent).toBe('Roles');
    arrive();
    await settle(container, 'الأدوار');
    expect(container.textContent).toBe('الأدوار');
    expect(recovered).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root.unmount());
  });

  it('never shows a raw ICU message while the words load, and forms Arabic plurals once they are there', async () => {
    await setLanguage('ar');
    const { catalog, arrive } = lazyCatalog('test.lazy.plural');
    function Count() {
      const t = useT(catalog);
      return <p>{t('count', { count: 3 })}</p>;
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Count />));
    expect(container.textContent).not.toContain('plural');
    arrive();
    await settle(container, '٣ أدوار');
    expect(container.textContent).toBe('٣ أدوار');
    act(() => root.unmount());
  });
});
