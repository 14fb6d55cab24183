import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What the panel is, for the message: "The header", "This page". */
  panelName?: string;
}

interface State {
  error: unknown;
}

/**
 * Keeps one failing panel from blanking the whole screen (docs/product.md#when-something-fails). Shows a sentence,
 * never the stack; the error itself goes to the console for whoever debugs it.
 */
export class PanelErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.panelName ?? 'A panel'} failed to render.`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <div role="alert" className="m-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-medium">{this.props.panelName ?? 'This part of the page'} could not be shown.</p>
        <p className="mt-1">Something went wrong while processing your request.</p>
        <button
          type="button"
          className="mt-3 rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
          onClick={() => this.setState({ error: null })}
        >
          Try again
        </button>
      </div>
    );
  }
}
