import { chatText } from './locales.ts';
import { RoomList } from './RoomList.tsx';
import './chat.css';

/** §2 /chat: the caller's chats (a phone shows the list; a desktop the list beside an empty pane). */
export function ChatPage() {
  const { t } = chatText.useT();
  return (
    <section className="page chat-page" data-testid="chat-page">
      <h1 className="ui-page-title">{t('title')}</h1>
      <div className="chat-layout">
        <RoomList />
      </div>
    </section>
  );
}
