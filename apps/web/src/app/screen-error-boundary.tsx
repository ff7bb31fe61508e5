import { Component, type ReactNode } from 'react';
import { errorMessage } from '../api/api-error.ts';
import { StartupError } from './startup-error.tsx';

/** A screen that failed to load (e.g. its script chunk) shows the app error with a way out. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <StartupError
          message={errorMessage(this.state.error)}
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
