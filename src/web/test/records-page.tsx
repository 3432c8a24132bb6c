// The records page as a test renders it: the zone's Records tab, with the toasts, at `url`.
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { RecordsPage } from '../features/records/records-page';
import { renderApp } from './render';

export function renderRecordsPage(url = '/zones/zone_1/records') {
  renderApp(
    <>
      <RecordsPage />
      <Toaster />
    </>,
    { path: '/zones/:zoneId/records', url },
  );
  return userEvent.setup();
}
