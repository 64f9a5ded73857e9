import { Route } from 'react-router';
import { ChatPage } from '@intranet/chat-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/chat',
  links: [{ to: '/chat', label: 'Chat' }],
  routes: [<Route key="p" path="/chat" element={<ChatPage />} />],
});
