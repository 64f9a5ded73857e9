import { Route } from 'react-router';
import { AddressBookPage, BirthdaysPage, PostPage, ProfilePage, WallPage } from '@intranet/social-web';
import { mountStandalone } from '@intranet/web-session';

// Standalone dev page of the wall remote: http://localhost:4202/remotes/wall/
mountStandalone({
  basename: '/remotes/wall',
  links: [
    { to: '/company', label: 'Wall' },
    { to: '/addressBook/', label: 'Address book' },
    { to: '/birthdays/', label: 'Birthdays' },
  ],
  routes: [
    <Route key="c" path="/company" element={<WallPage />} />,
    <Route key="p" path="/post/:id" element={<PostPage />} />,
    <Route key="pr" path="/profile/:id" element={<ProfilePage />} />,
    <Route key="a" path="/addressBook" element={<AddressBookPage />} />,
    <Route key="b" path="/birthdays" element={<BirthdaysPage />} />,
  ],
});
