import { Route } from 'react-router';
import { RemotePage } from '../remotes.tsx';

/**
 * Routes of the wall domain (§2: /company, /post/{_id}, /profile/{_id}, /addressBook/, /birthdays/), served by the
 * wall remote (apps/wall-web, libs/social/web).
 */
export const wallRemote: Record<string, string> = { wall: '/remotes/wall/mf-manifest.json' };

export const wallRoutes = [
  <Route key="company" path="company" element={<RemotePage id="wall/WallPage" />} />,
  <Route key="post" path="post/:id" element={<RemotePage id="wall/PostPage" />} />,
  <Route key="profile" path="profile/:id" element={<RemotePage id="wall/ProfilePage" />} />,
  <Route key="addressBook" path="addressBook" element={<RemotePage id="wall/AddressBookPage" />} />,
  <Route key="birthdays" path="birthdays" element={<RemotePage id="wall/BirthdaysPage" />} />,
];
