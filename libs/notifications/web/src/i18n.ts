import { registerTranslations } from '@intranet/web-i18n';

const en = { title: 'Notifications', empty: 'Nothing here yet', add: 'Add', name: 'Name' };
const ru = { title: 'Notifications', empty: 'Здесь пока пусто', add: 'Добавить', name: 'Название' };
const uk = { title: 'Notifications', empty: 'Тут поки порожньо', add: 'Додати', name: 'Назва' };

let done = false;
/** Registers the page's texts once (i18next is initialised by the shell before any page renders). */
export function registerNotificationsTranslations(): void {
  if (done) return;
  done = true;
  registerTranslations('notifications', { en, ru, uk });
}
