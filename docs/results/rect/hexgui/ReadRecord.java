import hexgui.sgf.SgfReader;
import hexgui.game.Node;
import hexgui.game.GameInfo;
import java.io.FileInputStream;
import java.awt.Dimension;

/** Reads one SGF file with HexGui's own SgfReader and prints what HexGui sees. */
public class ReadRecord {
    public static void main(String[] args) throws Exception {
        SgfReader reader = new SgfReader(new FileInputStream(args[0]));
        GameInfo info = reader.getGameInfo();
        Dimension dim = info.getBoardSize();
        System.out.println("board " + dim.width + "x" + dim.height);
        System.out.println("warnings " + reader.getWarnings());
        Node node = reader.getGameTree();
        StringBuilder moves = new StringBuilder();
        int count = 0;
        while (node != null) {
            if (node.getMove() != null) {
                moves.append(node.getMove().getColor()).append(' ')
                     .append(node.getMove().getPoint()).append("; ");
                count++;
            }
            node = node.numChildren() > 0 ? node.getChild() : null;
        }
        System.out.println("moves " + count + ": " + moves);
    }
}
