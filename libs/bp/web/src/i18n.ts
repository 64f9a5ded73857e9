import { registerTranslations } from '@intranet/web-i18n';

const en = { title: 'Bp', empty: 'Nothing here yet', add: 'Add', name: 'Name' };
const ru = { title: 'Bp', empty: 'Здесь пока пусто', add: 'Добавить', name: 'Название' };
const uk = { title: 'Bp', empty: 'Тут поки порожньо', add: 'Додати', name: 'Назва' };

let done = false;
/** Registers the page's texts once (i18next is initialised by the shell before any page renders). */
export function registerBpTranslations(): void {
  if (done) return;
  done = true;
  registerTranslations('bp', { en, ru, uk });
}
