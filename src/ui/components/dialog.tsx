import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** alertdialog for questions that need an answer before anything else. */
  role?: 'dialog' | 'alertdialog';
  /** False for a question the user must answer with one of its buttons (no Escape, no outside click). */
  dismissable?: boolean;
}

/** A modal dialog: focus moves in and is kept there, Escape closes it, focus returns to the opener. */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
  role = 'dialog',
  dismissable = true,
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      className="rac-overlay"
    >
      <Modal className="rac-modal">
        <AriaDialog role={role} className="rac-dialog">
          <Heading slot="title" className="rac-dialog-title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** What will be lost, in words ("your profile, your photo and your 3 applications"). */
  consequences: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** False while the question is not complete yet (a reason still to be typed). */
  canConfirm?: boolean;
  /**
   * True when `isOpen` follows a machine that decides whether the confirmation is taken: the dialog
   * then stays open after the confirm button (a refused confirmation shows its reason inside it).
   */
  closedByOwner?: boolean;
}

/**
 * Confirms a destructive action (PRODUCT.md §9): names what will be lost; the safe choice (cancel) has
 * the focus first, the destructive one is red.
 */
export function ConfirmDialog({
  title,
  isOpen,
  onOpenChange,
  consequences,
  confirmLabel,
  onConfirm,
  canConfirm = true,
  closedByOwner = false,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} role="alertdialog">
      <div className="rac-dialog-body">{consequences}</div>
      <div className="rac-dialog-actions">
        <Button variant="secondary" autoFocus onPress={() => onOpenChange(false)}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          variant="danger"
          isDisabled={!canConfirm}
          onPress={() => {
            onConfirm();
            if (!closedByOwner) onOpenChange(false);
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
