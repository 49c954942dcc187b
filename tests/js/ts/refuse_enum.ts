type Color = "red";
enum Direction { Up, Down }
