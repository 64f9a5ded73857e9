import { describe, expect, it, jest } from '@jest/globals';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// The MF runtime needs a host instance and the UI kit imports CSS; the plugin under test needs neither.
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerPlugins: jest.fn(), registerRemotes: jest.fn() }));
jest.unstable_mockModule('@intranet/web-ui', () => ({ ErrorState: () => null, Loader: () => null }));
jest.unstable_mockModule('@intranet/web-session', () => ({ registerWidgets: jest.fn() }));
const { remoteFallbackPlugin } = await import('./remotes.tsx');

type Hook = (args: Record<string, unknown>) => unknown;

describe('remoteFallbackPlugin (MF runtime plugin for a remote that cannot load)', () => {
  const plugin = remoteFallbackPlugin() as unknown as Record<'errorLoadRemote' | 'createScript', Hook>;

  it("answers the final 'onLoad' failure with a module that renders nothing outside a page or widget", () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const mod = plugin.errorLoadRemote({ id: 'kb/Page', error: new Error('HTTP 502'), lifecycle: 'onLoad' }) as { default: ComponentType };
    expect(typeof mod.default).toBe('function');
    expect(renderToStaticMarkup(createElement(mod.default))).toBe('');
  });

  it("renders its place's fallback for the error (a page's error block, a widget's fallback)", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { RemoteFallback } = await import('./remotes.tsx');
    const mod = plugin.errorLoadRemote({ id: 'kb/Page', error: new Error('HTTP 502'), lifecycle: 'onLoad' }) as { default: ComponentType };
    const html = renderToStaticMarkup(createElement(RemoteFallback.Provider, { value: (e: Error) => `failed: ${e.message}` }, createElement(mod.default)));
    expect(html).toBe('failed: HTTP 502');
  });

  it('leaves the earlier stages alone: their answer would be taken as the manifest', () => {
    for (const lifecycle of ['beforeRequest', 'afterResolve', 'beforeLoadShare']) {
      expect(plugin.errorLoadRemote({ id: 'kb/Page', error: new Error('x'), lifecycle })).toBeUndefined();
    }
  });

  it('gives entry scripts the §9 time-out of 120 s and leaves scripts with attributes to MF', () => {
    expect(plugin.createScript({ url: '/remotes/kb/remoteEntry.js', attrs: {} })).toEqual({ timeout: 120_000 });
    expect(plugin.createScript({ url: '/x.js', attrs: { crossorigin: 'anonymous' } })).toBeUndefined();
  });
});
