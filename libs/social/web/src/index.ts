/**
 * Web pages of the social domain (DESIGN §3 libs/<domain>/web): the company wall (/company), a post (/post/{_id}),
 * profiles (/profile/{_id}), the address book (/addressBook/) and birthdays (/birthdays/). Exposed to the shell by
 * the wall remote (apps/wall-web); groups (/groups/, /group/{_id}), ideas (/idea) and the violation report
 * (/report_violation).
 */
export { WallPage, PostPage, ProfilePage, AddressBookPage, BirthdaysPage } from './pages.tsx';
export { useWallRealtime } from './realtime.ts';
export { GroupsPage } from './GroupsPage.tsx';
export { GroupPage } from './GroupPage.tsx';
export { GroupsWidget } from './GroupsWidget.tsx';
export { IdeaPage, ReportViolationPage } from './ideas.tsx';
