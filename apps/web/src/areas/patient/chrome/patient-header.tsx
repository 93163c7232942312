import { Link } from 'react-router';
import type { Language, PatientConfig } from '@prsp/contracts';
import { LanguageSwitcher } from '@/components/language-switcher';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { MenuEntry, MenuEntryId } from '../route-rules';
import { MenuButton } from './menu-button';
import { MenuList } from './menu-list';
import { organisationNameIn } from '../organisation-name';

/** The organisation's logo for the current language (spec §3 themeOverrides), else the general one. */
function logoOf(config: PatientConfig | undefined, lang: Language): string | null {
  const theme = config?.themeOverrides;
  return theme?.logoUrls[lang] ?? theme?.logoUrl ?? null;
}

/**
 * Spec §2 chrome: header with the per-language logo, the profile menu, and the main menu behind a button on mobile.
 * On a phone the header is one 56 px row (spec §9): with a main menu, the language buttons move into it.
 */
export function PatientHeader({
  config,
  mainMenu,
  profileMenu,
  languages,
  onLanguage,
  onAction,
  homePath,
}: {
  config: PatientConfig | undefined;
  mainMenu: MenuEntry[];
  profileMenu: MenuEntry[];
  languages: readonly Language[];
  onLanguage: (lang: Language) => void;
  onAction: (id: MenuEntryId) => void;
  homePath: string;
}) {
  const { t } = useTranslation();
  const logo = logoOf(config, currentLanguage());
  const name = config ? organisationNameIn(config, currentLanguage()) : t('app.name');
  // On a phone the languages go into a menu: the main menu's, or the profile menu's where there is no main menu (a guest's).
  const languagesInProfile = mainMenu.length === 0 && profileMenu.length > 0;
  const languagesInMenu = mainMenu.length > 0 || languagesInProfile;
  return (
    <>
      <header className={`site-header patient-header${languagesInMenu ? ' has-main-menu' : ''}`}>
        <div className="site-header-inner">
          <Link to={homePath} className="brand">
            {logo ? <img src={logo} alt={name} /> : <span className="site-name">{name}</span>}
          </Link>
          <div className="header-tools">
            {profileMenu.length > 0 && (
              <MenuButton label={t('chrome.profileMenu')} className="profile-menu">
                <nav aria-label={t('chrome.profileMenu')}>
                  <MenuList entries={profileMenu} onAction={onAction} />
                </nav>
                {languagesInProfile && <LanguageSwitcher languages={languages} onChange={onLanguage} />}
              </MenuButton>
            )}
            {mainMenu.length > 0 && (
              <MenuButton label={t('chrome.menu')} className="main-menu-mobile">
                <nav aria-label={t('chrome.mainMenu')}>
                  <MenuList entries={mainMenu} onAction={onAction} />
                </nav>
                {/* On a phone the languages live here, so the header stays one 56 px row (spec §9). */}
                <LanguageSwitcher languages={languages} onChange={onLanguage} />
              </MenuButton>
            )}
            <LanguageSwitcher languages={languages} onChange={onLanguage} />
          </div>
        </div>
      </header>
      {mainMenu.length > 0 && (
        <nav className="main-nav-bar" aria-label={t('chrome.mainMenu')}>
          <MenuList entries={mainMenu} onAction={onAction} />
        </nav>
      )}
    </>
  );
}
