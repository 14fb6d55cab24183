import type { RunStop } from '#domain/records';
import { countTrollies } from '#domain/trolleys/count-trollies';
import { Button } from '../../components/ui/button';
import { toggleButton } from './styles';

interface RunToolbarProps {
  stops: readonly RunStop[];
  canUndo: boolean;
  onUndo: () => void;
  isEditing: boolean;
  onToggleEditing: () => void;
  isSaving: boolean;
  onSave: () => void;
  isPrinting: boolean;
  onPrint: () => void;
  hasUnsavedChanges: boolean;
  /** Viewers look and print: no Edit and no Save (the server refuses them a save anyway). */
  readOnly?: boolean;
}

/** The run's total trolleys, with Undo, Edit, Save and Print, and whether the plan has unsaved changes. */
export function RunToolbar(props: RunToolbarProps) {
  const { isEditing, isSaving, isPrinting } = props;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <h2 id="stops-heading" className="mr-auto w-full text-lg font-bold text-slate-900 sm:w-auto">
        Total Trollies: {countTrollies(props.stops)}
      </h2>
      {!props.readOnly && (
        <>
          <Button
            variant="secondary"
            onClick={props.onUndo}
            disabled={!props.canUndo}
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Undo (Ctrl+Z)"
          >
            Undo
          </Button>
          <button type="button" className={toggleButton(isEditing)} aria-pressed={isEditing} onClick={props.onToggleEditing}>
            {isEditing ? 'Finish Editing' : 'Edit'}
          </button>
          <Button variant="secondary" onClick={props.onSave} disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save'}
          </Button>
        </>
      )}
      <Button variant="primary" onClick={props.onPrint} disabled={isPrinting}>
        {isPrinting ? 'Printing...' : 'Print'}
      </Button>
      {props.hasUnsavedChanges && <p className="w-full text-xs text-amber-700">Unsaved changes</p>}
    </div>
  );
}
