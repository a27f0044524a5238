import hexgui.sgf.SgfWriter;
import hexgui.game.Node;
import hexgui.game.GameInfo;
import hexgui.hex.HexColor;
import hexgui.hex.HexPoint;
import hexgui.hex.Move;
import java.io.FileOutputStream;
import java.awt.Dimension;

/** Writes a columns x rows game with HexGui's own SgfWriter: WriteRecord FILE W H MOVE... */
public class WriteRecord {
    public static void main(String[] args) throws Exception {
        GameInfo info = new GameInfo();
        info.setBoardSize(new Dimension(Integer.parseInt(args[1]), Integer.parseInt(args[2])));
        Node root = new Node();
        Node node = root;
        HexColor color = HexColor.BLACK;
        for (int i = 3; i < args.length; i++) {
            Node child = new Node(new Move(HexPoint.get(args[i]), color));
            node.addChild(child);
            node = child;
            color = color.otherColor();
        }
        new SgfWriter(new FileOutputStream(args[0]), root, info);
    }
}
