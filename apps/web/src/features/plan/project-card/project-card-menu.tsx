import {
  ArchiveIcon,
  LogOutIcon,
  MoreIcon,
  PaletteIcon,
  TrashIcon,
  UserPlusIcon,
} from '../../../ui/icons.tsx';
import { Menu, MenuItem, MenuSeparator } from '../../../ui/menu.tsx';
import styles from './project-card.module.css';
import iconButton from '../../../ui/icon-button.module.css';

export type ProjectMenuAction = 'color' | 'invite' | 'archive' | 'delete' | 'leave';

type ProjectCardMenuProps = {
  projectName: string;
  /** spec §6: the owner changes colour, invites, archives and deletes; a member only leaves. */
  isOwner: boolean;
  onSelect: (action: ProjectMenuAction) => void;
};

export function ProjectCardMenu({ projectName, isOwner, onSelect }: ProjectCardMenuProps) {
  return (
    <Menu
      title={projectName}
      triggerClassName={`${iconButton.iconButton} ${styles.menuTrigger}`}
      trigger={
        <>
          <MoreIcon />
          <span className="visually-hidden">Project actions</span>
        </>
      }
    >
      {isOwner ? (
        <>
          <MenuItem icon={<PaletteIcon />} onSelect={() => onSelect('color')}>
            Change color
          </MenuItem>
          <MenuItem icon={<UserPlusIcon />} onSelect={() => onSelect('invite')}>
            Invite
          </MenuItem>
          <MenuItem icon={<ArchiveIcon />} onSelect={() => onSelect('archive')}>
            Archive
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<TrashIcon />} onSelect={() => onSelect('delete')}>
            Delete
          </MenuItem>
        </>
      ) : (
        <MenuItem icon={<LogOutIcon />} onSelect={() => onSelect('leave')}>
          Leave project
        </MenuItem>
      )}
    </Menu>
  );
}
