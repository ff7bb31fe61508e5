import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/render-app.tsx';
import { aSession, aWorkspace, signedInQueryClient } from '../../../test/workspace-fixture.tsx';
import { useListedWorkspace } from './get-workspace.ts';

type Seen = 'loading' | 'held back' | 'shown';

/** Renders a screen's use of the listed workspace, noting what each render had. */
function renderListed(workspace?: ReturnType<typeof aWorkspace>) {
  const seen: Seen[] = [];
  function Probe() {
    const { shown, isHeldBack } = useListedWorkspace();
    const now: Seen = shown ? 'shown' : isHeldBack ? 'held back' : 'loading';
    seen.push(now);
    return <p>{now}</p>;
  }
  render(
    <QueryClientProvider client={signedInQueryClient(aSession(), workspace)}>
      <Probe />
    </QueryClientProvider>,
  );
  return seen;
}

describe('the workspace a list screen shows', () => {
  it('arrives in a render that still holds it back, then shows', async () => {
    stubApi({ 'GET /workspaces/w1': () => json(200, aWorkspace()) });
    const seen = renderListed();
    expect(await screen.findByText('shown')).toBeInTheDocument();
    expect(seen.filter((render, index) => render !== seen[index - 1])).toEqual([
      'loading',
      'held back',
      'shown',
    ]);
  });

  it('shows a workspace at hand from the first render', () => {
    stubApi({ 'GET /workspaces/w1': () => json(200, aWorkspace()) });
    expect(renderListed(aWorkspace())).toEqual(['shown']);
  });
});
