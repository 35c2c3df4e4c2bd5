import { App, Modal, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/** antd's message and modal from the nearest `<App>`, falling back to the static API. */
export function useFeedback(): { message: MessageInstance; modal: { confirm: ModalHookAPI['confirm'] | typeof Modal.confirm } } {
  const app = App.useApp();
  return {
    message: (app.message as MessageInstance | undefined) ?? staticMessage,
    modal: (app.modal as ModalHookAPI | undefined) ?? Modal,
  };
}
