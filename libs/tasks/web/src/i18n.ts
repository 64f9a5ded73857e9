import { registerTranslations } from '@intranet/web-i18n';

const en = { title: 'Tasks', empty: 'Nothing here yet', add: 'Add', name: 'Name' };
const ru = { title: 'Tasks', empty: 'Здесь пока пусто', add: 'Добавить', name: 'Название' };
const uk = { title: 'Tasks', empty: 'Тут поки порожньо', add: 'Додати', name: 'Назва' };

let done = false;
/** Registers the page's texts once (i18next is initialised by the shell before any page renders). */
export function registerTasksTranslations(): void {
  if (done) return;
  done = true;
  registerTranslations('tasks', { en, ru, uk });
}
