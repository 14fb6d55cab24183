import type { ReactNode } from 'react';
import { vehicleKindLabel } from '#domain/trolleys/vehicle-layouts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { changedMeanwhileSentence, replaceQuestion, type SavedRun } from './run-saver';
import type { SaveQuestion, useRunActions } from './use-run-actions';

interface SaveQuestionsProps {
  question: SaveQuestion | null;
  answers: ReturnType<typeof useRunActions>['answers'];
  myUserId: string | null;
}

/** "Lorry 12T, 3 customers": enough to tell two runs of one name apart. */
function describeRun(run: SavedRun): string {
  const info = run.vehicleInfo as Partial<SavedRun['vehicleInfo']> | undefined;
  const vehicle = `${vehicleKindLabel(info?.vehicleType)}${info?.trolleyNumber ? ` ${info.trolleyNumber}T` : ''}`;
  const count = Array.isArray(run.data) ? run.data.length : 0;
  return `${vehicle}, ${count} customer${count === 1 ? '' : 's'}`;
}

/**
 * The questions a save may need answered (docs/product.md#trolley-mapper): a new plan whose name a
 * run already has, a run saved elsewhere meanwhile, a run deleted meanwhile. Closing one (Escape,
 * Cancel) keeps the plan on screen, unsaved.
 */
export function SaveQuestions({ question, answers, myUserId }: SaveQuestionsProps) {
  if (!question) return null;
  const now = new Date();
  switch (question.kind) {
    case 'replace':
      return (
        <Dialog
          open
          onClose={answers.cancel}
          title={replaceQuestion(question.existing, myUserId, now)}
          description={
            <>
              A run named <span className="font-semibold">{question.existing.name}</span> is saved already ({describeRun(question.existing)}
              ). Replace puts this plan in its place; Save as a new run keeps both.
            </>
          }
        >
          <Choices>
            <Button variant="secondary" onClick={answers.cancel}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => void answers.saveAsNew(question)}>
              Save as a new run
            </Button>
            <Button variant="danger" onClick={() => void answers.replace(question)}>
              Replace
            </Button>
          </Choices>
        </Dialog>
      );
    case 'changed':
      return (
        <Dialog
          open
          onClose={answers.cancel}
          title="This run was changed meanwhile"
          description={
            <>
              {changedMeanwhileSentence(question.latest, myUserId, now)} Yours wasn't saved: load theirs (your changes here are dropped), or
              keep yours and save it over theirs.
            </>
          }
        >
          <Choices>
            <Button variant="secondary" onClick={answers.cancel}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => answers.loadTheirs(question)}>
              Load theirs
            </Button>
            <Button variant="primary" onClick={() => void answers.keepMine(question)}>
              Keep mine
            </Button>
          </Choices>
        </Dialog>
      );
    case 'deleted':
      return (
        <Dialog
          open
          onClose={answers.cancel}
          title="This run was deleted"
          description="Someone deleted this run meanwhile, so yours wasn't saved. Your plan is still here."
        >
          <Choices>
            <Button variant="secondary" onClick={answers.cancel}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void answers.saveAsNew(question)}>
              Save as a new run
            </Button>
          </Choices>
        </Dialog>
      );
  }
}

/** The answers, the safe one (Cancel) first so it takes the focus; on a phone it sits at the bottom. */
function Choices({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
