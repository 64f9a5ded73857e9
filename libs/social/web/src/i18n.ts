import { registerTranslations } from '@intranet/web-i18n';

const en = {
  wall: 'Wall',
  chooseClient: 'Choose a client first on the clients page.',
  loadError: 'The feed could not be loaded',
  empty: 'No posts yet. Be the first to write one!',
  more: 'More',
  form: {
    post: 'Post', thanks: 'Thank you', placeholder: 'What is new? Type @ and two letters to mention a colleague',
    thanksPlaceholder: 'What are you thankful for? (over 30 symbols)', message: 'Message', to: 'Whom to thank',
    toPlaceholder: 'Start typing a name', mentionList: 'People to mention', morePeople: 'More people…', attach: 'Attach files', submit: 'Publish', uploading: 'Uploading… {{percent}}%',
    uploaded: 'Uploaded', remove: 'Remove', published: 'Published',
  },
  post: {
    like: 'Like', comments: 'Comments', views: 'Views', open: 'Open', delete: 'Delete', deleteConfirm: 'Delete this post?',
    thanksTo: 'thanks', download: 'Download', comment: 'Write a comment…', send: 'Send', reply: 'Reply', answer: 'Write an answer…',
    notFound: 'The post was not found', back: 'Back to the wall', viewers: 'Viewed by {{count}}',
    noViewers: 'Nobody has viewed it yet', edit: 'Edit', save: 'Save', cancel: 'Cancel', attach: 'Attach a file (up to 20 MB)',
    deleteCommentConfirm: 'Delete this comment with its answers?',
  },
  widgets: { birthdays: 'Birthdays', thanks: 'Thanks', today: 'today', inDays: 'in {{count}} d.', all: 'All', none: 'Nothing yet' },
  profile: {
    follow: 'Follow', unfollow: 'Unfollow', followers: 'Followers: {{count}}', contacts: 'Contacts', about: 'About', social: 'Social networks',
    email: 'E-mail', phone: 'Phone', internalPhone: 'Internal phone', city: 'City', cabinet: 'Office', department: 'Department',
    birthDate: 'Birthday', workingSince: 'Working since', posts: 'Posts', notFound: 'The user was not found',
    edit: 'Edit profile', save: 'Save', cancel: 'Cancel', saved: 'Profile saved', choose: 'Choose image', avatar: 'Avatar', avatarBig: 'Big avatar', cover: 'Cover (3420 px wide, at least 250 px high)',
  },
  address: { title: 'Address book', search: 'Search by name, position, department, city, phone, e-mail', empty: 'Nobody found', name: 'Name', position: 'Position', department: 'Department', email: 'E-mail', phone: 'Phone', city: 'City' },
  birthdays: { title: 'Birthdays', empty: 'No birthdays known', date: 'Date', in: 'In', more: 'Show more', todayGroup: 'Today' },
  tabs: { all: 'All posts', follows: 'Following', label: 'Feed', followsEmpty: 'Follow colleagues on their profiles to see their posts here' },
  thanksTo: { title: 'Thanks received', empty: 'No thanks yet' },
};

const ru: typeof en = {
  wall: 'Стена',
  chooseClient: 'Сначала выберите клиента на странице клиентов.',
  loadError: 'Не удалось загрузить ленту',
  empty: 'Постов пока нет. Напишите первый!',
  more: 'Ещё',
  form: {
    post: 'Пост', thanks: 'Спасибо', placeholder: 'Что нового? Наберите @ и две буквы, чтобы упомянуть коллегу',
    thanksPlaceholder: 'За что вы благодарите? (больше 30 символов)', message: 'Сообщение', to: 'Кого поблагодарить',
    toPlaceholder: 'Начните вводить имя', mentionList: 'Кого упомянуть', morePeople: 'Ещё…', attach: 'Прикрепить файлы', submit: 'Опубликовать', uploading: 'Загрузка… {{percent}}%',
    uploaded: 'Загружено', remove: 'Убрать', published: 'Опубликовано',
  },
  post: {
    like: 'Нравится', comments: 'Комментарии', views: 'Просмотры', open: 'Открыть', delete: 'Удалить', deleteConfirm: 'Удалить этот пост?',
    thanksTo: 'спасибо', download: 'Скачать', comment: 'Напишите комментарий…', send: 'Отправить', reply: 'Ответить', answer: 'Напишите ответ…',
    notFound: 'Пост не найден', back: 'На стену', viewers: 'Просмотров: {{count}}',
    noViewers: 'Его ещё никто не просмотрел', edit: 'Изменить', save: 'Сохранить', cancel: 'Отмена', attach: 'Прикрепить файл (до 20 МБ)',
    deleteCommentConfirm: 'Удалить этот комментарий вместе с ответами?',
  },
  widgets: { birthdays: 'Дни рождения', thanks: 'Благодарности', today: 'сегодня', inDays: 'через {{count}} дн.', all: 'Все', none: 'Пока ничего' },
  profile: {
    follow: 'Подписаться', unfollow: 'Отписаться', followers: 'Подписчиков: {{count}}', contacts: 'Контакты', about: 'О себе', social: 'Соцсети',
    email: 'E-mail', phone: 'Телефон', internalPhone: 'Внутренний телефон', city: 'Город', cabinet: 'Кабинет', department: 'Отдел',
    birthDate: 'День рождения', workingSince: 'Работает с', posts: 'Посты', notFound: 'Пользователь не найден',
    edit: 'Редактировать профиль', save: 'Сохранить', cancel: 'Отмена', saved: 'Профиль сохранён', choose: 'Выбрать изображение', avatar: 'Аватар', avatarBig: 'Большой аватар', cover: 'Обложка (ширина 3420 px, высота от 250 px)',
  },
  address: { title: 'Адресная книга', search: 'Поиск по имени, должности, отделу, городу, телефону, e-mail', empty: 'Никого не найдено', name: 'Имя', position: 'Должность', department: 'Отдел', email: 'E-mail', phone: 'Телефон', city: 'Город' },
  birthdays: { title: 'Дни рождения', empty: 'Дни рождения неизвестны', date: 'Дата', in: 'Через', more: 'Показать ещё', todayGroup: 'Сегодня' },
  tabs: { all: 'Все записи', follows: 'Подписки', label: 'Лента', followsEmpty: 'Подпишитесь на коллег в их профилях, чтобы видеть здесь их записи' },
  thanksTo: { title: 'Благодарности', empty: 'Благодарностей пока нет' },
};

const uk: typeof en = {
  wall: 'Стіна',
  chooseClient: 'Спочатку виберіть клієнта на сторінці клієнтів.',
  loadError: 'Не вдалося завантажити стрічку',
  empty: 'Дописів ще немає. Напишіть перший!',
  more: 'Ще',
  form: {
    post: 'Допис', thanks: 'Дякую', placeholder: 'Що нового? Наберіть @ і дві літери, щоб згадати колегу',
    thanksPlaceholder: 'За що ви дякуєте? (понад 30 символів)', message: 'Повідомлення', to: 'Кому подякувати',
    toPlaceholder: 'Почніть вводити ім’я', mentionList: 'Кого згадати', morePeople: 'Ще…', attach: 'Прикріпити файли', submit: 'Опублікувати', uploading: 'Завантаження… {{percent}}%',
    uploaded: 'Завантажено', remove: 'Прибрати', published: 'Опубліковано',
  },
  post: {
    like: 'Подобається', comments: 'Коментарі', views: 'Перегляди', open: 'Відкрити', delete: 'Видалити', deleteConfirm: 'Видалити цей допис?',
    thanksTo: 'дякую', download: 'Завантажити', comment: 'Напишіть коментар…', send: 'Надіслати', reply: 'Відповісти', answer: 'Напишіть відповідь…',
    notFound: 'Допис не знайдено', back: 'На стіну', viewers: 'Переглядів: {{count}}',
    noViewers: 'Його ще ніхто не переглянув', edit: 'Змінити', save: 'Зберегти', cancel: 'Скасувати', attach: 'Прикріпити файл (до 20 МБ)',
    deleteCommentConfirm: 'Видалити цей коментар разом з відповідями?',
  },
  widgets: { birthdays: 'Дні народження', thanks: 'Подяки', today: 'сьогодні', inDays: 'через {{count}} дн.', all: 'Усі', none: 'Поки нічого' },
  profile: {
    follow: 'Стежити', unfollow: 'Не стежити', followers: 'Підписників: {{count}}', contacts: 'Контакти', about: 'Про себе', social: 'Соцмережі',
    email: 'E-mail', phone: 'Телефон', internalPhone: 'Внутрішній телефон', city: 'Місто', cabinet: 'Кабінет', department: 'Відділ',
    birthDate: 'День народження', workingSince: 'Працює з', posts: 'Дописи', notFound: 'Користувача не знайдено',
    edit: 'Редагувати профіль', save: 'Зберегти', cancel: 'Скасувати', saved: 'Профіль збережено', choose: 'Вибрати зображення', avatar: 'Аватар', avatarBig: 'Великий аватар', cover: 'Обкладинка (ширина 3420 px, висота від 250 px)',
  },
  address: { title: 'Адресна книга', search: 'Пошук за ім’ям, посадою, відділом, містом, телефоном, e-mail', empty: 'Нікого не знайдено', name: 'Ім’я', position: 'Посада', department: 'Відділ', email: 'E-mail', phone: 'Телефон', city: 'Місто' },
  birthdays: { title: 'Дні народження', empty: 'Дні народження невідомі', date: 'Дата', in: 'Через', more: 'Показати ще', todayGroup: 'Сьогодні' },
  tabs: { all: 'Усі записи', follows: 'Підписки', label: 'Стрічка', followsEmpty: 'Підпишіться на колег у їхніх профілях, щоб бачити тут їхні записи' },
  thanksTo: { title: 'Подяки', empty: 'Подяк поки немає' },
};

/** Registers the `wall` namespace (en, ru, uk). Called when the pages load. */
export function registerWallTranslations(): void {
  registerTranslations('wall', { en, ru, uk });
}
