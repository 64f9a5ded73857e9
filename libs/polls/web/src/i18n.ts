import { registerTranslations } from '@intranet/web-i18n';

const en = { title: 'Polls', empty: 'Nothing here yet', add: 'Add', name: 'Name' };
const ru = { title: 'Polls', empty: 'Здесь пока пусто', add: 'Добавить', name: 'Название' };
const uk = { title: 'Polls', empty: 'Тут поки порожньо', add: 'Додати', name: 'Назва' };

let done = false;
/** Registers the page's texts once (i18next is initialised by the shell before any page renders). */
export function registerPollsTranslations(): void {
  if (done) return;
  done = true;
  registerTranslations('polls', { en, ru, uk });
}
