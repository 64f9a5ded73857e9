import { useParams } from 'react-router';
import { Room } from './Room.tsx';
import { RoomList } from './RoomList.tsx';
import './chat.css';

/** §2 /chat/{_id}: the room list beside the open room (a phone shows the room only). */
export function ChatRoomPage() {
  const { id = '' } = useParams();
  return (
    <section className="page chat-page chat-page--room" data-testid="chat-room-page">
      <div className="chat-layout chat-layout--room">
        <aside className="chat-aside">
          <RoomList activeId={id} />
        </aside>
        <Room key={id} id={id} />
      </div>
    </section>
  );
}
