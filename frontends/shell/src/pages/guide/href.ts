/** The portal's address of the user guide, opened by the header's 帮助 / Help (outside the guide's lazy chunk). */
export const GUIDE_HREF = '/help/guide';
