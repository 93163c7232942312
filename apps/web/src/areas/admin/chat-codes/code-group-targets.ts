import {
  ZChatCodeGroupCreate,
  ZMessageCodeGroupCreate,
  type CodeGroupTarget,
  type CodeGroupTargetKind,
  type Language,
} from '@prsp/contracts';
import type { z } from 'zod/mini';
import type { Option } from '@/components/ui/form-fields';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { subcategoryOptions, subcategoryPath } from '../messaging/category-form-model';
import { useMessageCategories } from '../messaging/messaging-admin-api';
import { useChatCodeServices, type CodeGroupCreate } from './chat-codes-api';

/** The modal's choice of what a new group's codes open. */
export type TargetChoice = {
  /** The create body's field, and the path of its errors. */
  field: 'serviceId' | 'subcategoryId';
  label: string;
  placeholder: string;
  options: Option[];
  /** Why there is nothing to choose, for example. */
  hint?: string;
};

/** The texts that differ between the two pages (the rest are `admin.chatCodes.*` on both). */
type TargetTexts = Record<
  | 'menu'
  | 'title'
  | 'intro'
  | 'add'
  | 'none'
  | 'column'
  | 'deleteTitle'
  | 'deleteText'
  | 'deleted'
  | 'addTitle'
  | 'editTitle'
  | 'create'
  | 'created'
  | 'saved',
  string
>;

export type TargetDefinition = {
  texts: TargetTexts;
  /** Whether an admin who may only view is told so (the message codes page always has). */
  readOnlyNotice: boolean;
  createSchema: z.ZodMiniType<CodeGroupCreate>;
  /** The target choice for new groups, loaded by the page (a hook: call it once, unconditionally, per page). */
  useChoice: () => TargetChoice;
};

function useServiceChoice(): TargetChoice {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const services = useChatCodeServices();
  return {
    field: 'serviceId',
    label: t('admin.chatCodes.service'),
    placeholder: t('admin.chatCodes.chooseService'),
    options: (services.data ?? []).map((s) => ({
      value: s.id,
      label: s.name[lang] + (s.requiresCode ? '' : ` (${t('admin.chatCodes.openService')})`),
    })),
  };
}

function useSubcategoryChoice(): TargetChoice {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const categories = useMessageCategories();
  const options = subcategoryOptions(categories.data ?? [], lang).map(({ value, label, openAccess }) => ({
    value,
    label: openAccess ? `${label} (${t('admin.messageCodes.openSubcategory')})` : label,
  }));
  return {
    field: 'subcategoryId',
    label: t('admin.messageCodes.subcategory'),
    placeholder: t('admin.messageCodes.chooseSubcategory'),
    options,
    hint: categories.data && options.length === 0 ? t('admin.messageCodes.noSubcategories') : undefined,
  };
}

/**
 * Code groups (spec §3 'Chat code group') by target: chat codes open a service (`/admin/chatCodes`), message codes
 * a subcategory of async messaging (`/admin/messages/messageCodes`). One list page and one modal serve both; this is
 * all that differs.
 */
export const CODE_GROUP_TARGETS: Record<CodeGroupTargetKind, TargetDefinition> = {
  service: {
    texts: {
      menu: 'admin.menu.chatCodes',
      title: 'admin.chatCodes.title',
      intro: 'admin.chatCodes.intro',
      add: 'admin.chatCodes.add',
      none: 'admin.chatCodes.none',
      column: 'admin.chatCodes.service',
      deleteTitle: 'admin.chatCodes.deleteTitle',
      deleteText: 'admin.chatCodes.deleteText',
      deleted: 'admin.chatCodes.deleted',
      addTitle: 'admin.chatCodes.addTitle',
      editTitle: 'admin.chatCodes.editTitle',
      create: 'admin.chatCodes.create',
      created: 'admin.chatCodes.created',
      saved: 'admin.chatCodes.saved',
    },
    readOnlyNotice: false,
    createSchema: ZChatCodeGroupCreate,
    useChoice: useServiceChoice,
  },
  subcategory: {
    texts: {
      menu: 'admin.menu.messageCodes',
      title: 'admin.messageCodes.title',
      intro: 'admin.messageCodes.intro',
      add: 'admin.messageCodes.add',
      none: 'admin.messageCodes.none',
      column: 'admin.messageCodes.subcategory',
      deleteTitle: 'admin.messageCodes.deleteTitle',
      deleteText: 'admin.messageCodes.deleteText',
      deleted: 'admin.messageCodes.deleted',
      addTitle: 'admin.messageCodes.addTitle',
      editTitle: 'admin.messageCodes.editTitle',
      create: 'admin.messageCodes.create',
      created: 'admin.messageCodes.created',
      saved: 'admin.messageCodes.saved',
    },
    readOnlyNotice: true,
    createSchema: ZMessageCodeGroupCreate,
    useChoice: useSubcategoryChoice,
  },
};

/** What a group's codes open, as its row shows it: the service, or 'Category › Subcategory'. */
export function targetName(target: CodeGroupTarget, lang: Language): string {
  return target.kind === 'service' ? target.serviceName[lang] : subcategoryPath(target.categoryName, target.subcategoryName, lang);
}
