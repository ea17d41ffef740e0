import { afterEach, describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN_ID, preloadAfterSignIn, resetAfterSignInPreload } from './afterSignIn.js';

function listChunks(files: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = AFTER_SIGN_IN_ID;
  block.textContent = JSON.stringify(files);
  document.body.append(block);
}

const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  resetAfterSignInPreload();
});

describe('preloading the signed-in pages while a person signs in', () => {
  it('links each listed chunk once, as a module preload, leaving out what the page has linked already', () => {
    const already = document.createElement('link');
    already.rel = 'modulepreload';
    already.href = '/assets/react-abc.js';
    document.head.append(already);
    listChunks(['/assets/react-abc.js', '/assets/shellApp-x1.js', '/assets/ResourcePage-y2.js']);

    expect(preloadAfterSignIn()).toBe(2);
    expect(preloads()).toEqual(['/assets/react-abc.js', '/assets/shellApp-x1.js', '/assets/ResourcePage-y2.js']);
    const added = document.head.querySelector<HTMLLinkElement>('link[href="/assets/shellApp-x1.js"]');
    expect(added?.crossOrigin).toBe('');
    // Once per page: a second password input adds nothing.
    expect(preloadAfterSignIn()).toBe(0);
    expect(preloads()).toHaveLength(3);
  });

  it('takes only same-origin asset scripts from the list, and nothing from a missing or broken one', () => {
    listChunks(['https://evil.example/x.js', '/assets/../../api/users/logout', 42, '/assets/ok-1.js', '/assets/style.css']);
    expect(preloadAfterSignIn()).toBe(1);
    expect(preloads()).toEqual(['/assets/ok-1.js']);

    resetAfterSignInPreload();
    document.body.innerHTML = `<script type="application/json" id="${AFTER_SIGN_IN_ID}">not json</script>`;
    expect(preloadAfterSignIn()).toBe(0);
    resetAfterSignInPreload();
    document.body.innerHTML = '';
    expect(preloadAfterSignIn()).toBe(0);
  });
});
