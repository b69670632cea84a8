"use client";

import { useState } from "react";
import {
  Button,
  Dialog,
  Form,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  TextField,
} from "react-aria-components";
import { MAX_VIEW_NAME, type SavedViewList } from "@/lib/saved-views/schema";
import { useSavedViewActions } from "./saved-view-actions";
import type { SavedViewsHome } from "./use-saved-views";

/**
 * The name of a view being saved, in a modal dialog (focus kept inside, Esc closes),
 * and the save itself: the view in the address bar, under that name.
 */
export default function SaveViewDialog({
  list,
  suggestedName,
  home,
  onClose,
  onSaved,
}: {
  list: SavedViewList;
  suggestedName: string;
  home: SavedViewsHome | undefined;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [name, setName] = useState(suggestedName.slice(0, MAX_VIEW_NAME));
  const { save } = useSavedViewActions(home);
  const error = save.error ? save.error.message : null;
  const onSave = (chosen: string) => {
    const query = window.location.search.replace(/^\?/, "");
    save.mutate({ name: chosen, list, query }, { onSuccess: (view) => onSaved(view.name) });
  };
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center bg-black/40 p-4 pt-[15vh]"
    >
      <Modal className="w-full max-w-md rounded-lg border border-line bg-surface p-5 text-fg shadow-xl">
        <Dialog className="outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            Save this view
          </Heading>
          <p className="mt-1 text-sm text-fg-muted">
            Its filters and order, under a name you will find in the navigation and the command
            palette{home === "browser" ? " (kept in this browser: the demo has no accounts)" : ""}.
          </p>
          <Form
            className="mt-4 flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              // Enter in the name submits too: not again while it saves.
              if (name.trim() && !save.isPending) onSave(name.trim());
            }}
          >
            <TextField
              autoFocus
              isRequired
              value={name}
              onChange={setName}
              maxLength={MAX_VIEW_NAME}
              className="flex flex-col gap-1"
            >
              <Label className="text-sm font-medium">Name</Label>
              <Input className="rounded-md border border-line-strong bg-surface px-3 py-2 text-sm text-fg focus:outline-2 focus:outline-accent" />
            </TextField>
            {error ? (
              <p role="alert" className="text-sm text-danger">
                Not saved: {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button
                onPress={onClose}
                className="rounded-md border border-line-strong px-3 py-1.5 text-sm text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent"
              >
                Cancel
              </Button>
              <Button
                type="submit"
                // Pending, not disabled, while it saves: a disabled button loses the focus
                // (to the page, outside the dialog), and Escape then no longer closes it.
                isPending={save.isPending}
                isDisabled={!name.trim()}
                className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg disabled:opacity-60 data-[pending]:opacity-60 focus-visible:outline-2 focus-visible:outline-accent"
              >
                {save.isPending ? "Saving…" : "Save"}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
