// Editors' temporary, backup and lock files, by name: never content, so a save in Vim, Emacs or `sed -i` never shows
// as a changed or failed file. Any other file that is not a regular file is still refused where it is read.

/** Names editors and tools give their droppings, each with the tool that makes it. */
const PATTERNS: RegExp[] = [
  /^\./, // hidden: Vim's .name.swp, Emacs's lock link .#name, LibreOffice's .~lock.name#, .git, .DS_Store
  /~$/, // backups: Vim, Emacs, gedit (name~)
  /^#.*#$/, // Emacs auto-save (#name#)
  /\.(swp|swo|swx|tmp|bak|orig)$/, // swap and backup files
  /^4913$/, // Vim's test that the folder can be written
  /^sed[A-Za-z0-9]{6}$/, // sed -i's temporary copy
  /___jb_(tmp|old)___$/, // JetBrains IDEs' safe write
];

/** True when a file name (no folder) is an editor's temporary, backup or lock file. */
export function isEditorFile(name: string): boolean {
  return PATTERNS.some((p) => p.test(name));
}
