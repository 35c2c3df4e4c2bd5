import { useCallback } from 'react';
import { App, Modal, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import { useTranslation } from 'react-i18next';

/** antd's message and modal from the nearest `<App>`, falling back to the static API. */
export function useFeedback(): { message: MessageInstance; modal: { confirm: ModalHookAPI['confirm'] | typeof Modal.confirm } } {
  const app = App.useApp();
  return {
    message: (app.message as MessageInstance | undefined) ?? staticMessage,
    modal: (app.modal as ModalHookAPI | undefined) ?? Modal,
  };
}

/** The standard delete's confirm (提示: 确定删除所选项吗?); `onOk` deletes. */
export function useConfirmDelete(): (onOk: () => Promise<unknown>) => void {
  const { t } = useTranslation('ui');
  const { modal } = useFeedback();
  return useCallback(
    (onOk: () => Promise<unknown>) => void modal.confirm({ title: t('tip'), content: t('deleteConfirm'), okText: t('confirm'), cancelText: t('cancel'), onOk }),
    [modal, t],
  );
}
