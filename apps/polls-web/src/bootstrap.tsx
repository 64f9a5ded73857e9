import { Route } from 'react-router';
import { PollEditPage, PollPage, PollResultsPage, PollsPage } from '@intranet/polls-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/polls',
  links: [{ to: '/polls', label: 'Polls' }],
  routes: [
    <Route key="p" path="/polls" element={<PollsPage />} />,
    <Route key="n" path="/poll/new" element={<PollEditPage />} />,
    <Route key="v" path="/poll/:id" element={<PollPage />} />,
    <Route key="r" path="/poll/:id/results" element={<PollResultsPage />} />,
  ],
});
