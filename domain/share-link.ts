/** The longest label a share link takes (who the link is for), as the contract's ShareLinkInput says. */
export const SHARE_LINK_LABEL_MAX_LENGTH = 80;
