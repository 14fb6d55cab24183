import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { RecordModel } from 'pocketbase';
import { MAX_ATTACHMENTS } from '#domain/collections/attachments';
import { describeError } from '../../lib/describe-error';
import { pb } from '../../lib/pb';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { notify } from '../ui/toast';
import { shrinkPhoto } from './shrink-photo';

// Attachments of an order or a ledger movement (docs/decisions/043): thumbnails that open the
// file, and for those who may change the record, "Take photo", "Add file" and a Remove that asks
// first. Files are protected: their addresses carry a file token, asked for when the panel shows
// and again before it runs out.

/** A record with attachments, as the API shows it. */
export interface WithAttachments {
  id: string;
  collectionId: string;
  collectionName: string;
  attachments: string[];
}

/** A file token lasts 3 minutes on the server; a new one is fetched a minute before. */
const TOKEN_REFRESH_MS = 2 * 60 * 1000;

const isPhoto = (name: string) => /\.(jpe?g|png|webp|gif|heic|heif|avif)$/i.test(name);

function useFileToken() {
  return useQuery({
    queryKey: ['file-token', pb.authStore.record?.id ?? ''],
    queryFn: () => pb.files.getToken(),
    staleTime: TOKEN_REFRESH_MS,
    refetchInterval: TOKEN_REFRESH_MS,
  });
}

export function AttachmentsPanel<R extends WithAttachments>({
  record,
  canChange,
  onChanged,
  label = 'Attachments',
}: {
  record: R;
  canChange: boolean;
  /** The record as the server answered an add or a remove. */
  onChanged: (record: R) => void;
  label?: string;
}) {
  const token = useFileToken();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const names = record.attachments ?? [];
  const full = names.length >= MAX_ATTACHMENTS;
  const urlOf = (name: string) => pb.files.getURL(record as unknown as RecordModel, name, { token: token.data ?? '' });

  const change = async (body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      const answer = await pb.collection(record.collectionName).update<R>(record.id, body);
      onChanged(answer);
      notify.success(done);
    } catch (error) {
      notify.error(describeError(error, 'The attachment could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const add = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (chosen.length === 0) return;
    setBusy(true);
    const files = await Promise.all(chosen.map(shrinkPhoto));
    await change({ 'attachments+': files }, files.length === 1 ? 'Attachment added.' : `${files.length} attachments added.`);
  };

  return (
    <section aria-label={label} className="mt-4">
      <h2 className="text-base font-semibold text-slate-900">{label}</h2>
      {names.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">No attachments.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {names.map((name) => (
            <li key={name} className="flex flex-col items-center gap-1">
              <a
                href={token.data ? urlOf(name) : undefined}
                target="_blank"
                rel="noreferrer"
                aria-label={`Open ${name}`}
                className="flex h-20 w-20 items-center justify-center overflow-hidden rounded-md border border-slate-300 bg-slate-50"
              >
                {token.data && isPhoto(name) ? (
                  <img
                    src={pb.files.getURL(record as unknown as RecordModel, name, { token: token.data, thumb: '100x100' })}
                    alt={name}
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <span className="text-xs font-semibold text-slate-600">{/\.pdf$/i.test(name) ? 'PDF' : 'File'}</span>
                )}
              </a>
              {canChange && (
                <Button size="sm" variant="ghost" disabled={busy} onClick={() => setRemoving(name)} aria-label={`Remove ${name}`}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canChange && (
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            aria-label="Photo from the camera"
            tabIndex={-1}
            onChange={(event) => void add(event.currentTarget.files).then(() => (event.target.value = ''))}
          />
          <input
            ref={fileInput}
            type="file"
            accept="image/*,application/pdf"
            multiple
            className="sr-only"
            aria-label="Photo or PDF file"
            tabIndex={-1}
            onChange={(event) => void add(event.currentTarget.files).then(() => (event.target.value = ''))}
          />
          <Button size="sm" disabled={busy || full} onClick={() => cameraInput.current?.click()} className="md:hidden">
            Take photo
          </Button>
          <Button size="sm" disabled={busy || full} onClick={() => fileInput.current?.click()}>
            Add photo or PDF
          </Button>
          {full && <p className="text-sm text-slate-500">At most {MAX_ATTACHMENTS} attachments: remove one to add another.</p>}
        </div>
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this attachment?"
        description={`${removing ?? ''} is deleted for good.`}
      >
        <div className="flex justify-end gap-2">
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => {
              const name = removing;
              setRemoving(null);
              if (name) void change({ 'attachments-': [name] }, 'Attachment removed.');
            }}
          >
            Remove
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
