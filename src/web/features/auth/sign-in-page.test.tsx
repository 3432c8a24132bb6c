// The sign-in page with the real client: its button says what its title says, and once a key has
// been tried, only that attempt's answer is shown (not the "Signed out" that brought the user here).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { session } from '../../api/session';
import { answerFetch, errorBody } from '../../test/render';
import { SignInPage } from './sign-in-page';

function renderSignIn() {
  const router = createMemoryRouter([{ path: '*', element: <SignInPage /> }], {
    initialEntries: ['/sign-in'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('sign-in page', () => {
  it('a refused key replaces the "Signed out" notice; title and button say "Sign in"', async () => {
    session.signIn({ key: 'zd_old', baseUrl: '', remember: false });
    session.signOut();
    answerFetch(() => ({ status: 401, body: errorBody('unauthorized', 'Unknown key.') }));
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Signed out');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('API key'), 'zd_wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText(/This API key was not accepted/)).toBeVisible());
    expect(screen.queryByText('Signed out')).toBeNull();
  });
});
