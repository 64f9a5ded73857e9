import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * What the kit's component specs (jsdom) need besides Testing Library: an i18next instance with the few `common`
 * texts the components read (so names are real words), and the browser APIs jsdom lacks that Radix UI and the
 * combobox call (ResizeObserver, scrollIntoView, pointer capture). Import it first in a spec.
 */
void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: {
      common: {
        close: 'Close',
        cancel: 'Cancel',
        confirm: 'Confirm',
        confirmTitle: 'Are you sure?',
        prev: 'Previous',
        next: 'Next',
        shown: 'Shown {{from}}–{{to}} of {{total}}',
        people: 'People',
        findPerson: 'Find an employee',
        removePerson: 'Remove {{name}}',
      },
    },
  },
  interpolation: { escapeValue: false },
});

const g = globalThis as unknown as { ResizeObserver?: unknown };
const nothing = () => undefined;
g.ResizeObserver ??= class {
  observe = nothing;
  unobserve = nothing;
  disconnect = nothing;
};
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.scrollIntoView ??= nothing;
proto.hasPointerCapture ??= () => false;
proto.releasePointerCapture ??= nothing;
