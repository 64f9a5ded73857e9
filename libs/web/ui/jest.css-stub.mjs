// Stylesheets imported by the kit's components mean nothing to jsdom: specs load this empty module instead.
export default {};
